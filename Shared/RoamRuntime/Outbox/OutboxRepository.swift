import Foundation

/// A fact other services must hear about, kept until each of them has acknowledged it.
public struct OutboxEntry: Sendable, Equatable {
    public enum Topic: String, Sendable {
        /// An event ended: forget everything of it.
        case eventEnded = "event_ended"
        /// An account was deleted: forget everything of the user.
        case userDeleted = "user_deleted"
    }

    public var id: UUID
    public var topic: Topic
    public var subjectID: UUID
    public var createdAt: Date
    /// Targets that acknowledged it.
    public var deliveredTo: Set<String>
    public var attempts: Int

    public init(id: UUID, topic: Topic, subjectID: UUID, createdAt: Date, deliveredTo: Set<String> = [], attempts: Int = 0) {
        self.id = id
        self.topic = topic
        self.subjectID = subjectID
        self.createdAt = createdAt
        self.deliveredTo = deliveredTo
        self.attempts = attempts
    }
}

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

/// An outbox kept in memory, for the in-memory stores; behaves as `PostgresOutbox` does.
public struct OutboxQueue: Sendable {
    private var entries: [UUID: OutboxEntry] = [:]
    private var nextAttempt: [UUID: Date] = [:]

    public init() {}

    public var all: [OutboxEntry] { entries.values.sorted { $0.id.uuidString < $1.id.uuidString } }

    public mutating func add(_ entry: OutboxEntry) {
        entries[entry.id] = entry
    }

    public func due(at time: Date, limit: Int) -> [OutboxEntry] {
        Array(all.filter { (nextAttempt[$0.id] ?? $0.createdAt) <= time }.prefix(limit))
    }

    public mutating func acknowledge(_ entryID: UUID, by target: String) {
        entries[entryID]?.deliveredTo.insert(target)
    }

    public mutating func complete(_ entryID: UUID) {
        entries[entryID] = nil
        nextAttempt[entryID] = nil
    }

    public mutating func postpone(_ entryID: UUID, until time: Date) {
        entries[entryID]?.attempts += 1
        nextAttempt[entryID] = time
    }
}
