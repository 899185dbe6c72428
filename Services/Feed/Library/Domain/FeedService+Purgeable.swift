import Foundation
import RoamCore

/// What the feed forgets: a deleted user's posts, comments, likes and saves, and an ended event's posts
/// and chat. It keeps nothing of trips.
extension FeedService: Purgeable {
    public func purge(user: UUID) async throws -> [String: Int] {
        try await purgeUser(user)
        return [:]
    }

    public func purge(event: UUID) async throws -> [String: Int] {
        ["posts": try await purgeEvent(event)]
    }
}
