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

/// Bookmarks.
public protocol SaveRepository: Sendable {
    /// Returns false when it was saved already, or the post no longer exists.
    func save(_ post: UUID, by user: UUID, at time: Date) async throws -> Bool
    func unsave(_ post: UUID, by user: UUID) async throws -> Bool
    /// The user's saved posts, most recently saved first, leaving out `hiddenAuthors`.
    func savedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post>
}

/// Places users follow.
public protocol PlaceFollowRepository: Sendable {
    /// Follows the place or, when followed already, updates its name and radius.
    func follow(_ place: FollowedPlace) async throws -> FollowedPlace
    /// Returns false when the user did not follow a place at that (rounded) point.
    func unfollowPlace(at point: GeoPoint, by user: UUID) async throws -> Bool
    /// The user's followed places, most recent first.
    func followedPlaces(by user: UUID, page: PageRequest) async throws -> Page<FollowedPlace>
}

/// Cursors of the story orders: the sort value of the last story, then its id.
enum StoryCursor {
    static func decode(_ token: String?) throws(RoamError) -> (value: Double, id: UUID)? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let value = Double(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return (value, id)
    }

    static func encode(value: Double, id: UUID) -> String {
        PageCursor.encode([String(value), id.uuidString])
    }
}
