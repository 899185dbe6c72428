import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The feed's part in moderation (`roam.moderation.v1.ContentModerationService`): posts and stories
/// described, taken down and restored. Comments are not handled yet (UNIMPLEMENTED, which moderation
/// reports as a kind it cannot act on).
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
        let post = try await feed.moderatedPost(try Self.postID(request.subject), caller: caller)
        return .with { $0.content = post.moderationContent }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let post = try await feed.takeDown(post: try Self.postID(request.subject), reason: reason, by: moderator)
        return .with { $0.content = post.moderationContent }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let post = try await feed.restore(post: try Self.postID(request.subject), by: context.requireModerator(actor: request.actor))
        return .with { $0.content = post.moderationContent }
    }

    /// The post a subject names; any other kind is not the feed's to moderate yet.
    static func postID(_ subject: Roam_Moderation_V1_Subject) throws -> UUID {
        guard subject.kind == "post" else { throw RPCError(code: .unimplemented, message: "the feed moderates posts only, not \(subject.kind)") }
        return try UUID(field: "subject.id", subject.id)
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
            if let takedown {
                $0.takedown = .with {
                    $0.at = Google_Protobuf_Timestamp(date: takedown.at)
                    $0.reason = takedown.reason
                    $0.by = takedown.by
                }
            }
        }
    }
}
