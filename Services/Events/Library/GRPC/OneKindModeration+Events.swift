import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension OneKindModeration {
    /// Events' part in moderation: events.
    public static func events(_ events: EventService) -> Self {
        Self(
            kind: "event", owner: "events", describe: { try await events.moderatedEvent($0, caller: $1).moderationContent },
            takeDown: { try await events.takeDown(event: $0, reason: $1, by: $2).moderationContent },
            restore: { try await events.restore(event: $0, by: $1).moderationContent })
    }
}

extension Event {
    /// The event as moderators see it (a private event whole: moderators are not its guests).
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "event", id: id)
            $0.authorID = hostID.lowercasedString
            $0.title = name
            $0.text = description
            if let banner = bannerMediaID { $0.mediaIds = [banner.lowercasedString] }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
