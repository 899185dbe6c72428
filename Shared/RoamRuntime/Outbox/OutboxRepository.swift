import Foundation
import Synchronization

/// A service's transactional outbox: entries are written in the same transaction as the change they
/// announce (an event's end, an account's deletion) and delivered by `OutboxDelivery`. A completed
/// entry stays a while as the receipt of who acknowledged it and when (`roam purges`).
public protocol OutboxRepository: Sendable {
    /// Entries not yet delivered everywhere whose next attempt is due, oldest first.
    func due(at time: Date, limit: Int) async throws -> [OutboxEntry]
    /// Records that `target` acknowledged the entry at `time`.
    func acknowledge(_ entryID: UUID, by target: String, at time: Date) async throws
    /// Marks the entry delivered to every target at `time`; it is no longer due.
    func complete(_ entryID: UUID, at time: Date) async throws
    /// Counts a failed round and sets when to try again.
    func postpone(_ entryID: UUID, until time: Date) async throws
    /// The entries of `topic` about `subject` (every subject when nil), completed ones included, newest
    /// first.
    func entries(topic: OutboxEntry.Topic, subject: UUID?, limit: Int) async throws -> [OutboxEntry]
    /// Drops the receipts of entries completed before `time`.
    func forgetCompleted(before time: Date) async throws
    /// For each of `targets`, the entries not complete that it has not acknowledged (for `/metrics`).
    func backlog(of targets: [String]) async throws -> [String: OutboxBacklog]
}
