import Foundation
import RoamCore

/// What moderators do with posts and comments: look at one whatever its state, take it down, restore it. A user
/// describing a post (to report it) sees only what they may read.
extension FeedService {
    /// The post as `caller` may see it for moderation: any post for a moderator or a service, a post
    /// the user may read otherwise (NOT_FOUND when not).
    public func moderatedPost(_ id: UUID, caller: Caller) async throws -> Post {
        if case .user(let user) = caller, !user.roles.canModerate { return try await readablePost(id, reader: user.id) }
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        return post
    }

    /// Takes the post down; one already down keeps its first takedown.
    public func takeDown(post id: UUID, reason: String, by moderator: Moderator) async throws -> Post {
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        guard post.takedown == nil else { return post }
        let takedown = Takedown(at: now(), reason: reason, by: moderator.name)
        guard let down = try await store.setTakedown(ofPost: id, takedown) else { throw FeedError.postNotFound }
        return down
    }

    /// Puts a taken-down post back; one that is up is left as it is.
    public func restore(post id: UUID, by moderator: Moderator) async throws -> Post {
        guard let post = try await store.post(id: id) else { throw FeedError.postNotFound }
        guard post.takedown != nil else { return post }
        guard let restored = try await store.setTakedown(ofPost: id, nil) else { throw FeedError.postNotFound }
        return restored
    }

    /// The comment as `caller` may see it for moderation (as `moderatedPost`).
    public func moderatedComment(_ id: UUID, caller: Caller) async throws -> Comment {
        if case .user(let user) = caller, !user.roles.canModerate { return try await readableComment(id, reader: user.id) }
        guard let comment = try await store.comment(id: id), !comment.isDeleted else { throw FeedError.commentNotFound }
        return comment
    }

    /// Takes the comment down: its subject's count forgets it; one already down keeps its first takedown.
    public func takeDown(comment id: UUID, reason: String, by moderator: Moderator) async throws -> Comment {
        guard let comment = try await store.comment(id: id), !comment.isDeleted else { throw FeedError.commentNotFound }
        guard comment.takedown == nil else { return comment }
        guard let down = try await store.setTakedown(ofComment: id, Takedown(at: now(), reason: reason, by: moderator.name)) else {
            throw FeedError.commentNotFound
        }
        return down
    }

    public func restore(comment id: UUID, by moderator: Moderator) async throws -> Comment {
        guard let comment = try await store.comment(id: id), !comment.isDeleted else { throw FeedError.commentNotFound }
        guard comment.takedown != nil else { return comment }
        guard let restored = try await store.setTakedown(ofComment: id, nil) else { throw FeedError.commentNotFound }
        return restored
    }
}
