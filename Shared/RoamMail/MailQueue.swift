import Foundation

/// A service's mail outbox. Mails enter with the change they tell of (`PostgresMailQueue.insert` in the
/// caller's transaction); `MailDelivery` claims, sends and settles them.
public protocol MailQueue: Sendable {
    /// Adds a mail on its own, due at once.
    func enqueue(_ mail: QueuedMail) async throws
    /// Up to `limit` due mails, each claimed for `lease` (no other replica takes it meanwhile) and
    /// counted as one more attempt.
    func claim(at time: Date, lease: Duration, limit: Int) async throws -> [QueuedMail]
    func markSent(_ id: UUID, at time: Date) async throws
    /// A try that may succeed later: due again at `time`.
    func postpone(_ id: UUID, until time: Date, error: String) async throws
    /// The server will never take it.
    func markFailed(_ id: UUID, at time: Date, error: String) async throws
    /// Mails of `kind` to `recipient` made since `time`, sent or not (the hourly limit).
    func count(kind: String, recipient: String, since time: Date) async throws -> Int
    /// The mails to `recipient`, newest first, fields included while they wait.
    func mails(to recipient: String, limit: Int) async throws -> [QueuedMail]
    /// Newest first; every status when nil.
    func records(status: MailRecord.Status?, limit: Int) async throws -> [MailRecord]
    /// How many mails are in each status.
    func totals() async throws -> [MailRecord.Status: Int]
    /// Drops sent and failed mails settled before `time`.
    func forgetSettled(before time: Date) async throws
}
