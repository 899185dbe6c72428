import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

extension OneKindModeration {
    /// Media's part in moderation: photos and videos.
    public static func media(_ media: MediaService) -> Self {
        Self(
            kind: "photo", owner: "media", describe: { try await media.moderatedItem($0, caller: $1).moderationContent },
            takeDown: { try await media.takeDown(item: $0, reason: $1, by: $2).moderationContent },
            restore: { try await media.restore(item: $0, by: $1).moderationContent })
    }
}

extension MediaItem {
    /// The item as moderators see it: the item itself is its one medium, for the console to show.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "photo", id: id)
            $0.authorID = ownerID.lowercasedString
            $0.title = type.contentType
            $0.text = description
            $0.mediaIds = [id.lowercasedString]
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
