import Foundation
import RoamCore

/// Where walks live, with their recorded points and ratings.
public protocol WalkRepository: Sendable {
    /// Takes the walk down (nil puts it back); nil when there is none.
    func setTakedown(ofWalk id: UUID, _ takedown: Takedown?) async throws -> Walk?
    /// Stores a new walk (with `points`, for an imported one); with an idempotency key its owner used
    /// before, that first walk instead.
    func create(_ walk: Walk, points: [TrackPoint], idempotencyKey: String?) async throws -> Walk
    func walk(_ id: UUID) async throws -> Walk?
    /// Adds points to the owner's ongoing walk, each moment once; how many were new and how many it has,
    /// or nil when the owner has no such ongoing walk.
    func addPoints(_ points: [TrackPoint], walk: UUID, owner: UUID) async throws -> (recorded: Int, total: Int)?
    /// The walk's points in time order, after `after` when given, at most `limit`.
    func points(of walk: UUID, after: Date?, limit: Int) async throws -> [TrackPoint]
    /// Changes the owner's walk under a lock: `change` sees the stored walk and may refuse by throwing.
    /// Title, description, tags, visibility, points of interest and photos are saved; nil when the
    /// owner has no such walk.
    func modify(_ walk: UUID, owner: UUID, at time: Date, _ change: @escaping @Sendable (inout Walk) throws -> Void) async throws -> Walk?
    /// Finishes the owner's ongoing walk with its route (its path drawn from the stored points); nil
    /// when the owner has no such ongoing walk.
    func finish(_ walk: UUID, owner: UUID, at time: Date, route: WalkRoute, automatically: Bool) async throws -> Walk?
    /// Deletes the owner's walk with its points and ratings; the walk, or nil when there was none.
    func delete(_ walk: UUID, owner: UUID) async throws -> Walk?
    /// The owner's walks, most recently started first.
    func walks(of owner: UUID, page: PageRequest) async throws -> Page<Walk>
    /// Walks `user` took or rated (rated ones only while they may see them: posted, owners not in
    /// `hidden`), most recently started first.
    func history(of user: UUID, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Walk>
    /// How many ongoing walks follow each of these walks as their route (those with none are left out).
    func walkingNow(on routes: [UUID]) async throws -> [UUID: Int]
    /// Finished walks answering `query` (public ones and the reader's own), with how far each path
    /// passes from the query's point when it has one.
    func search(_ query: WalkQuery, page: PageRequest) async throws -> Page<(walk: Walk, meters: Double?)>
    /// Sets `user`'s rating (1–5) of the walk, replacing theirs; the walk with its new totals.
    func rate(_ walk: UUID, rating: Int, by user: UUID) async throws -> Walk?
    /// `user`'s ratings of these walks.
    func ratings(by user: UUID, of walks: [UUID]) async throws -> [UUID: Int]
    /// Walks still ongoing that started before `cutoff`, oldest first.
    func ongoing(startedBefore cutoff: Date, limit: Int) async throws -> [Walk]
    /// Deletes the user's walks and withdraws their ratings (the totals come down); the walks deleted.
    func deleteAll(of user: UUID) async throws -> [Walk]
}
