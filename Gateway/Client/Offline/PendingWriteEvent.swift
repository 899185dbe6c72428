import Foundation

/// What happened to a write kept for later, as `PendingWrites.events()` reports it.
public enum PendingWriteEvent: Sendable {
    /// The gateway could not be reached (or other writes were waiting), so the write was kept.
    case queued(PendingWrite)
    /// The gateway applied it: its answer's status and body (the created object, as the operation's
    /// documented answer holds it).
    case applied(PendingWrite, status: Int, body: Data)
    /// The gateway refused it (or the session ended); it will not be sent again.
    case refused(PendingWrite, RoamProblem)
}
