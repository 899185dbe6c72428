import Foundation
import RoamRuntime

/// Bookmarks.
public protocol SaveRepository: Sendable {
    /// Returns false when it was saved already, or the post no longer exists.
    func save(_ post: UUID, by user: UUID, at time: Date) async throws -> Bool
    func unsave(_ post: UUID, by user: UUID) async throws -> Bool
    /// The user's saved posts, most recently saved first, leaving out `hiddenAuthors`.
    func savedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post>
}
