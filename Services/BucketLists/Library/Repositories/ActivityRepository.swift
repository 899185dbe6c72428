import Foundation
import RoamCore

/// Where activities and their votes live. Counts are exact under any number of concurrent voters.
public protocol ActivityRepository: Sendable {
    /// Stores `activity`; with an idempotency key the author used before, returns that first one instead.
    func create(_ activity: Activity, idempotencyKey: String?) async throws -> Activity
    func activity(_ id: UUID) async throws -> Activity?
    /// Takes the activity down (nil puts it back); nil when there is none.
    func setTakedown(ofActivity id: UUID, _ takedown: Takedown?) async throws -> Activity?
    /// Replaces the details; nil when the author has no such activity.
    func update(_ id: UUID, author: UUID, details: ActivityDetails, at time: Date) async throws -> Activity?
    /// Deletes the activity and its votes and returns it; nil when the author has no such activity.
    func delete(_ id: UUID, author: UUID) async throws -> Activity?
    /// Sets `user`'s vote (nil withdraws it) and returns the activity with its new counts and the vote
    /// it replaced; nil when there is no such activity.
    func vote(_ vote: Vote?, on id: UUID, by user: UUID) async throws -> (activity: Activity, previous: Vote?)?
    /// `user`'s votes on `ids`.
    func votes(by user: UUID, on ids: [UUID]) async throws -> [UUID: Vote]
    /// The activities matching `query` in its order, each with its distance from the area's centre
    /// when it has one; `page.cursor` is an offset.
    func search(_ query: ActivityQuery, page: PageRequest) async throws -> Page<(activity: Activity, meters: Double?)>
    /// Up to `limit` activities within `meters` of `point` not by `hiddenAuthors`, highest trending rank
    /// first (then newest).
    func trending(
        near point: GeoPoint, within meters: Double, hiding hiddenAuthors: Set<UUID>, limit: Int
    ) async throws
        -> [(activity: Activity, meters: Double)]
    /// Computes again the trending rank (`TrendingRank`) of activities voted on since the last time, up
    /// to `limit` of them, and says how many; a new activity has its rank from the start.
    func rankVoted(limit: Int) async throws -> Int
    /// Marks the activity as one of `user`'s favourites (at `time`, the first time only); whether it was
    /// not one before, or nil when there is no such activity.
    func favourite(_ id: UUID, by user: UUID, at time: Date) async throws -> Bool?
    /// Takes the activity off `user`'s favourites; whether it was one.
    func unfavourite(_ id: UUID, by user: UUID) async throws -> Bool
    /// Which of `ids` are `user`'s favourites.
    func favourites(by user: UUID, among ids: [UUID]) async throws -> Set<UUID>
    /// `user`'s favourite activities not by `hiddenAuthors`, the latest marked first; `page.cursor` is an offset.
    func favouriteActivities(of user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Activity>
    /// Deletes the user's activities and withdraws their votes (the counts come down exactly); returns
    /// the deleted activities. Their favourites go too. Idempotent.
    func deleteAll(of user: UUID) async throws -> [Activity]
}
