import Foundation
import RoamCore

/// Legends: finding stories (near, on a map, trending, search), saving them, following places, and
/// the home timeline. Content of users who block each other is left out both ways.
extension FeedService {
    /// Stories matching the query. A query with no area and no search terms is the global listing
    /// (explore).
    public func stories(_ query: StoryQuery, reader: UUID, page: PageRequest) async throws -> Page<Engaged<Post>> {
        let query = try query.normalized()
        let hidden = try await graph.relations(of: reader).hidden
        let listed = try await store.stories(matching: query, hiding: hidden, page: page, now: now())
        return Page(items: try await engaged(listed.items, viewer: reader), nextCursor: listed.nextCursor)
    }

    /// Recomputes the hot ranks trending reads (the trending ranker calls this in the background).
    public func refreshTrending() async throws -> Int {
        try await store.refreshTrending(at: now())
    }

    /// Bookmarks a post the reader may see; saving again is harmless.
    public func save(_ id: UUID, by user: UUID) async throws -> Engaged<Post> {
        let post = try await readablePost(id, reader: user)
        guard post.audience.eventID == nil else {
            throw RoamError.invalidField("post_id", "event posts end with their event and cannot be saved")
        }
        if try await !store.save(id, by: user, at: now()), try await store.post(id: id) == nil { throw FeedError.postNotFound }
        return try await engaged([post], viewer: user)[0]
    }

    /// Removes the bookmark (one there is not is not found, as a repeated delete is). Returns the post,
    /// unless it is gone or no longer readable.
    public func unsave(_ id: UUID, by user: UUID) async throws -> Engaged<Post>? {
        guard try await store.unsave(id, by: user) else { throw RoamError.notFound("saved post") }
        do {
            return try await engaged([readablePost(id, reader: user)], viewer: user)[0]
        } catch let error as RoamError where error.kind == .notFound {
            return nil
        }
    }

    /// The reader's bookmarks, most recently saved first; those they may no longer see are left out.
    public func saved(by user: UUID, page: PageRequest) async throws -> Page<Engaged<Post>> {
        let relations = try await graph.relations(of: user)
        let listed = try await store.savedPosts(by: user, hiding: relations.hidden, page: page)
        let readable = listed.items.filter { post in
            post.audience != .followers || post.authorID == user || relations.following.contains(post.authorID)
        }
        return Page(items: try await engaged(readable, viewer: user), nextCursor: listed.nextCursor)
    }

    /// Follows a place (or changes the name and reach of one followed already).
    public func followPlace(at point: GeoPoint, name: String, radiusMeters: Double?, by user: UUID) async throws -> FollowedPlace {
        let time = now()
        let place = FollowedPlace(
            id: .v7(at: time), userID: user, point: point, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
            radiusMeters: radiusMeters ?? FollowedPlace.defaultRadius, createdAt: time)
        try place.validate()
        return try await store.follow(place)
    }

    /// Stops following the place at that point; harmless when not followed.
    public func unfollowPlace(at point: GeoPoint, by user: UUID) async throws {
        var validation = Validation()
        point.validate("position", into: &validation)
        try validation.check()
        guard try await store.unfollowPlace(at: point, by: user) else { throw RoamError.notFound("followed place") }
    }

    public func followedPlaces(by user: UUID, page: PageRequest) async throws -> Page<FollowedPlace> {
        try await store.followedPlaces(by: user, page: page)
    }

    /// Newest first: the user's own stories and followers posts, those of everyone they follow, and
    /// stories pinned near the places they follow.
    public func timeline(of user: UUID, page: PageRequest) async throws -> Page<Engaged<Post>> {
        let relations = try await graph.relations(of: user)
        let listed = try await store.timeline(of: user, authors: relations.following.union([user]), hiding: relations.hidden, page: page)
        return Page(items: try await engaged(listed.items, viewer: user), nextCursor: listed.nextCursor)
    }
}
