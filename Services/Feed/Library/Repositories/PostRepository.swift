import Foundation
import RoamRuntime

/// Where posts live. Deleted posts are gone, not hidden.
public protocol PostRepository: Sendable {
    /// Stores the post. When the author used `idempotencyKey` before, returns that post instead.
    func create(_ post: Post, idempotencyKey: String?) async throws -> Post
    func post(id: UUID) async throws -> Post?
    /// The event's posts, newest first.
    func posts(inEvent event: UUID, page: PageRequest) async throws -> Page<Post>
    func update(id: UUID, _ changes: PostChanges, at time: Date) async throws -> Post?
    /// Takes the post down (or, with nil, restores it); nil when there is no such post.
    func setTakedown(ofPost id: UUID, _ takedown: Takedown?) async throws -> Post?
    /// How many stories the author has posted.
    func storyCount(by author: UUID) async throws -> Int
    /// Returns whether there was such a post.
    func delete(id: UUID) async throws -> Bool
    /// Returns how many posts went.
    func deletePosts(inEvent event: UUID) async throws -> Int
    /// Deletes the author's posts, each with its thread, likes and counts. Returns how many went.
    func deletePosts(by author: UUID) async throws -> Int
}
