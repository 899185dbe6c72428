import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Media's part in moderation (served by `ContentModerationGRPCService`): photos and videos.
public struct MediaModeration: ModeratedContent {
    public static let kinds = ["photo"]
    public static let owner = "media"
    let media: MediaService

    public init(media: MediaService) {
        self.media = media
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        try await media.moderatedItem(id, caller: caller).moderationContent
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await media.takeDown(item: id, reason: reason, by: moderator).moderationContent
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await media.restore(item: id, by: moderator).moderationContent
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
