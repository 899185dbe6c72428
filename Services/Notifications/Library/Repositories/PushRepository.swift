import Foundation

/// The pushes waiting to go: one per notification and device of its user, filed with the notification.
public protocol PushRepository: Sendable {
    /// Claims up to `limit` pushes due at `time` for `lease`: no other replica takes them meanwhile, and
    /// one whose sender died is taken again when the lease runs out. Each claim counts as an attempt.
    func claimPushes(dueAt time: Date, limit: Int, lease: Duration) async throws -> [PendingPush]
    /// The push went, or will never go: it is forgotten.
    func finish(_ push: PendingPush) async throws
    /// Tries the push again at `time`.
    func postpone(_ push: PendingPush, until time: Date, reason: String) async throws
    /// How many pushes wait (for the metrics).
    func pendingPushes() async throws -> Int
}
