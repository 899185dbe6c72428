import Foundation

/// A service's outbox of notifications for the notifications service: written in the transaction of
/// the change they tell of (an alert stored, a reminder claimed), sent by `PublicationDelivery`.
public protocol PublicationQueue: Sendable {
    /// Takes up to `limit` due publications for `lease`; a replica claiming at the same time takes others.
    func claim(at time: Date, lease: Duration, limit: Int) async throws -> [QueuedPublication]
    /// Forgets publications the notifications service has filed (or refused for good).
    func remove(_ ids: [UUID]) async throws
    /// Sets when these are tried again.
    func postpone(_ ids: [UUID], until time: Date) async throws
    /// Forgets what waits for `user` (their account is deleted).
    func forget(user: UUID) async throws
    /// How many wait, due or not.
    func pendingCount() async throws -> Int
    /// Signals `wakeUp` when it starts listening and whenever publications are queued here (by any
    /// replica, once their transaction commits), until the task is cancelled.
    func announce(to wakeUp: WakeUp) async
}
