import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The feed's part in moderation (`roam.moderation.v1.ContentModerationService`): posts, stories and
/// comments described, taken down and restored. Other kinds are UNIMPLEMENTED here (moderation asks
/// their owner).
public struct FeedModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let feed: FeedService

    public init(feed: FeedService) {
        self.feed = feed
    }

    var context: CallContext { CallContext.current }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .post: try await feed.moderatedPost(id, caller: caller).moderationContent
            case .comment: try await feed.moderatedComment(id, caller: caller).moderationContent
            }
        return .with { $0.content = content }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .post: try await feed.takeDown(post: id, reason: reason, by: moderator).moderationContent
            case .comment: try await feed.takeDown(comment: id, reason: reason, by: moderator).moderationContent
            }
        return .with { $0.content = content }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .post: try await feed.restore(post: id, by: moderator).moderationContent
            case .comment: try await feed.restore(comment: id, by: moderator).moderationContent
            }
        return .with { $0.content = content }
    }

    enum Kind { case post, comment }

    /// The post or comment a subject names; any other kind is not the feed's to moderate.
    static func subject(_ subject: Roam_Moderation_V1_Subject) throws -> (Kind, UUID) {
        let kind: Kind
        switch subject.kind {
        case "post": kind = .post
        case "comment": kind = .comment
        default: throw RPCError(code: .unimplemented, message: "the feed moderates posts and comments, not \(subject.kind)")
        }
        return (kind, try UUID(field: "subject.id", subject.id))
    }
}

extension Post {
    /// The post as moderators see it.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "post"
                $0.id = id.lowercasedString
            }
            $0.authorID = authorID.lowercasedString
            $0.title = title
            $0.text = text
            $0.mediaIds = mediaIDs.map(\.lowercasedString)
            $0.placeName = audience.place?.name ?? ""
            if let event = audience.eventID {
                $0.parent = .with {
                    $0.kind = "event"
                    $0.id = event.lowercasedString
                }
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
            $0.subject = .with {
                $0.kind = "comment"
                $0.id = id.lowercasedString
            }
            $0.authorID = authorID?.lowercasedString ?? ""
            $0.text = text
            $0.parent = .with {
                $0.kind = subject.kind == .bucketItem ? "item" : subject.kind.rawValue
                $0.id = subject.id.lowercasedString
            }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
