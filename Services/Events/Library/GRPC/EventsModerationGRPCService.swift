import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Events' part in moderation (`roam.moderation.v1.ContentModerationService`): events described, taken
/// down and restored. Other kinds are UNIMPLEMENTED here.
public struct EventsModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let events: EventService

    public init(events: EventService) {
        self.events = events
    }

    var context: CallContext { CallContext.current }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let event = try await events.moderatedEvent(try Self.eventID(request.subject), caller: caller)
        return .with { $0.content = event.moderationContent }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the host is told)") }
        let event = try await events.takeDown(event: try Self.eventID(request.subject), reason: reason, by: moderator)
        return .with { $0.content = event.moderationContent }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let event = try await events.restore(event: try Self.eventID(request.subject), by: context.requireModerator(actor: request.actor))
        return .with { $0.content = event.moderationContent }
    }

    static func eventID(_ subject: Roam_Moderation_V1_Subject) throws -> UUID {
        guard subject.kind == "event" else { throw RPCError(code: .unimplemented, message: "events moderates events, not \(subject.kind)") }
        return try UUID(field: "subject.id", subject.id)
    }
}

extension Event {
    /// The event as moderators see it (a private event whole: moderators are not its guests).
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "event"
                $0.id = id.lowercasedString
            }
            $0.authorID = hostID.lowercasedString
            $0.title = name
            $0.text = description
            if let banner = bannerMediaID { $0.mediaIds = [banner.lowercasedString] }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
