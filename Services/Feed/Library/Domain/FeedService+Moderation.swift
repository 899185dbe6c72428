import Foundation
import RoamCore

/// What moderators do with posts and comments: look at one whatever its state, take it down, restore it
/// (`Takedown.switching`). A user describing a post (to report it) sees only what they may read.
extension FeedService {
    /// The post as `caller` may see it for moderation: any post for a moderator or a service, a post
    /// the user may read otherwise (NOT_FOUND when not).
    public func moderatedPost(_ id: UUID, caller: Caller) async throws -> Post {
        if case .user(let user) = caller, !user.roles.canModerate { return try await readablePost(id, reader: user.id) }
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        return post
    }

    public func takeDown(post id: UUID, reason: String, by moderator: Moderator) async throws -> Post {
        try await switchTakedown(ofPost: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(post id: UUID, by moderator: Moderator) async throws -> Post {
        try await switchTakedown(ofPost: id, to: nil)
    }

    private func switchTakedown(ofPost id: UUID, to takedown: Takedown?) async throws -> Post {
        try await Takedown.switching(
            to: takedown, read: { try await store.post(id: id) }, current: \.takedown, write: { try await store.setTakedown(ofPost: id, $0) },
            notFound: FeedError.postNotFound)
    }

    /// The comment as `caller` may see it for moderation (as `moderatedPost`).
    public func moderatedComment(_ id: UUID, caller: Caller) async throws -> Comment {
        if case .user(let user) = caller, !user.roles.canModerate { return try await readableComment(id, reader: user.id) }
        guard let comment = try await store.comment(id: id), !comment.isDeleted else { throw FeedError.commentNotFound }
        return comment
    }

    /// Takes the comment down: its subject's count forgets it.
    public func takeDown(comment id: UUID, reason: String, by moderator: Moderator) async throws -> Comment {
        try await switchTakedown(ofComment: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(comment id: UUID, by moderator: Moderator) async throws -> Comment {
        try await switchTakedown(ofComment: id, to: nil)
    }

    private func switchTakedown(ofComment id: UUID, to takedown: Takedown?) async throws -> Comment {
        try await Takedown.switching(
            to: takedown, read: { try await store.comment(id: id).flatMap { $0.isDeleted ? nil : $0 } }, current: \.takedown,
            write: { try await store.setTakedown(ofComment: id, $0) }, notFound: FeedError.commentNotFound)
    }
}
