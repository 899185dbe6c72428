import Foundation
import Synchronization

/// A service's transactional outbox: entries are written in the same transaction as the change they
/// announce (an event's end, an account's deletion) and delivered by `OutboxDelivery`.
public protocol OutboxRepository: Sendable {
    /// Entries not yet delivered everywhere whose next attempt is due, oldest first.
    func due(at time: Date, limit: Int) async throws -> [OutboxEntry]
    /// Records that `target` acknowledged the entry.
    func acknowledge(_ entryID: UUID, by target: String) async throws
    /// Marks the entry delivered to every target; it is kept no longer.
    func complete(_ entryID: UUID) async throws
    /// Counts a failed round and sets when to try again.
    func postpone(_ entryID: UUID, until time: Date) async throws
}
