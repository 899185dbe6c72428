import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The feed's part in moderation (served by `ContentModerationGRPCService`): posts, stories and comments.
public struct FeedModeration: ModeratedContent {
    public let kinds = ["post", "comment"]
    public let owner = "the feed"
    let feed: FeedService

    public init(feed: FeedService) {
        self.feed = feed
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        kind == "post"
            ? try await feed.moderatedPost(id, caller: caller).moderationContent
            : try await feed.moderatedComment(id, caller: caller).moderationContent
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        kind == "post"
            ? try await feed.takeDown(post: id, reason: reason, by: moderator).moderationContent
            : try await feed.takeDown(comment: id, reason: reason, by: moderator).moderationContent
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        kind == "post"
            ? try await feed.restore(post: id, by: moderator).moderationContent : try await feed.restore(comment: id, by: moderator).moderationContent
    }
}

extension Post {
    /// The post as moderators see it.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "post", id: id)
            $0.authorID = authorID.lowercasedString
            $0.title = title
            $0.text = text
            $0.mediaIds = mediaIDs.map(\.lowercasedString)
            $0.placeName = audience.place?.name ?? ""
            if let event = audience.eventID {
                $0.parent = .init(kind: "event", id: event)
            }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}

extension Comment {
    /// The comment as moderators see it: its subject is its parent.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "comment", id: id)
            $0.authorID = authorID?.lowercasedString ?? ""
            $0.text = text
            $0.parent = .init(kind: subject.kind == .bucketItem ? "item" : subject.kind.rawValue, id: subject.id)
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
