import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension OneKindModeration {
    /// Walks' part in moderation: walks.
    public static func walks(_ walks: WalkService) -> Self {
        Self(
            kind: "walk", owner: "trips", describe: { try await walks.moderatedWalk($0, caller: $1).moderationContent },
            takeDown: { try await walks.takeDown(walk: $0, reason: $1, by: $2).moderationContent },
            restore: { try await walks.restore(walk: $0, by: $1).moderationContent })
    }
}

extension Walk {
    /// The walk as moderators see it.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "walk", id: id)
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
