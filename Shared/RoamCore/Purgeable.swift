import Foundation

/// A service that forgets what another one asks it to (`roam.purge.v1.PurgeService`, served for every
/// service by `PurgeGRPCService`): accounts for a deleted user, events for an ended event, trips for a
/// deleted trip. Each answers with what went, counted by kind, for the log; a service that keeps nothing
/// of a kind answers at once, so the asking outbox is settled.
public protocol Purgeable: Sendable {
    /// Called once the user is marked purged, so no write of theirs lands afterwards.
    func purge(user: UUID) async throws -> [String: Int]
    func purge(event: UUID) async throws -> [String: Int]
    func purge(trip: UUID) async throws -> [String: Int]
}

extension Purgeable {
    public func purge(event _: UUID) async throws -> [String: Int] { [:] }
    public func purge(trip _: UUID) async throws -> [String: Int] { [:] }
}
