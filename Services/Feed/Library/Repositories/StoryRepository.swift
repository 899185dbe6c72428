import Foundation
import RoamRuntime

/// Finding stories and keeping their views and hot ranks.
public protocol StoryRepository: Sendable {
    /// Stories matching every filter of `query`, in its order, leaving out those by `hiddenAuthors`.
    /// `now` bounds the week and month of the top orders.
    func stories(matching query: StoryQuery, hiding hiddenAuthors: Set<UUID>, page: PageRequest, now: Date) async throws -> Page<Post>
    /// Counts the user's view of the story unless they viewed it already on that UTC day. Returns
    /// whether it counted.
    func recordView(of story: UUID, by user: UUID, at time: Date) async throws -> Bool
    /// Recomputes the hot rank of every story of the last 7 days (older ones drop to 0). Returns how
    /// many stories were ranked.
    func refreshTrending(at time: Date) async throws -> Int
    /// Home timeline, newest first: stories and followers-only posts by `authors`, and stories
    /// within reach of the places `user` follows, leaving out `hiddenAuthors`.
    func timeline(of user: UUID, authors: Set<UUID>, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post>
    /// Forgets the user's saves, followed places and views, taking the views back from the counts
    /// (their content goes elsewhere).
    func forgetReader(_ user: UUID) async throws
}
