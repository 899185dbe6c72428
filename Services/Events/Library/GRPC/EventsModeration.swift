import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Events' part in moderation (served by `ContentModerationGRPCService`): events.
public struct EventsModeration: ModeratedContent {
    public static let kinds = ["event"]
    public static let owner = "events"
    let events: EventService

    public init(events: EventService) {
        self.events = events
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        try await events.moderatedEvent(id, caller: caller).moderationContent
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await events.takeDown(event: id, reason: reason, by: moderator).moderationContent
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await events.restore(event: id, by: moderator).moderationContent
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
