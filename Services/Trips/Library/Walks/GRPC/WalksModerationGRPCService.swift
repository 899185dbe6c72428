import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Trips' part in moderation (`roam.moderation.v1.ContentModerationService`): walks described, taken
/// down and restored. Other kinds are UNIMPLEMENTED here.
public struct WalksModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let walks: WalkService

    public init(walks: WalkService) {
        self.walks = walks
    }

    var context: CallContext { CallContext.current }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let walk = try await walks.moderatedWalk(try Self.walkID(request.subject), caller: caller)
        return .with { $0.content = walk.moderationContent }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let walk = try await walks.takeDown(walk: try Self.walkID(request.subject), reason: reason, by: moderator)
        return .with { $0.content = walk.moderationContent }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let walk = try await walks.restore(walk: try Self.walkID(request.subject), by: context.requireModerator(actor: request.actor))
        return .with { $0.content = walk.moderationContent }
    }

    static func walkID(_ subject: Roam_Moderation_V1_Subject) throws -> UUID {
        guard subject.kind == "walk" else { throw RPCError(code: .unimplemented, message: "trips moderates walks, not \(subject.kind)") }
        return try UUID(field: "subject.id", subject.id)
    }
}

extension Walk {
    /// The walk as moderators see it.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "walk"
                $0.id = id.lowercasedString
            }
            $0.authorID = ownerID.lowercasedString
            $0.title = details.title
            $0.text = details.description
            $0.mediaIds = allMediaIDs.map(\.lowercasedString)
            $0.placeName = start.name
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
