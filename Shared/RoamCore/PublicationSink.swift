import Foundation

/// Where a service's domain hands the notifications it makes (a comment on someone's post, a new
/// follower); the runtime queues them for the notifications service. Never throws: a notification that
/// cannot be queued must not undo what was done.
public protocol PublicationSink: Sendable {
    func publish(_ publications: [Publication]) async
    /// Forgets what waits to be published for `user` (their account is deleted).
    func forget(user: UUID) async throws
}
