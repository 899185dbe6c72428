import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Media's part in moderation (`roam.moderation.v1.ContentModerationService`): photos and videos
/// described, taken down and restored. Other kinds are UNIMPLEMENTED here.
public struct MediaModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let media: MediaService

    public init(media: MediaService) {
        self.media = media
    }

    var context: CallContext { CallContext.current }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let item = try await media.moderatedItem(try Self.itemID(request.subject), caller: caller)
        return .with { $0.content = item.moderationContent }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let item = try await media.takeDown(item: try Self.itemID(request.subject), reason: reason, by: moderator)
        return .with { $0.content = item.moderationContent }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let item = try await media.restore(item: try Self.itemID(request.subject), by: context.requireModerator(actor: request.actor))
        return .with { $0.content = item.moderationContent }
    }

    static func itemID(_ subject: Roam_Moderation_V1_Subject) throws -> UUID {
        guard subject.kind == "photo" else { throw RPCError(code: .unimplemented, message: "media moderates photos, not \(subject.kind)") }
        return try UUID(field: "subject.id", subject.id)
    }
}

extension MediaItem {
    /// The item as moderators see it: the item itself is its one medium, for the console to show.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "photo"
                $0.id = id.lowercasedString
            }
            $0.authorID = ownerID.lowercasedString
            $0.title = type.contentType
            $0.text = description
            $0.mediaIds = [id.lowercasedString]
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
