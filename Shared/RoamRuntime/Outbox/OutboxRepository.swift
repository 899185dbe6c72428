import Foundation
import Synchronization

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

/// A store whose outbox is a separate object: it conforms to `OutboxRepository` by handing each call on.
public protocol StoreWithOutbox: OutboxRepository {
    var outbox: any OutboxRepository { get }
}

extension StoreWithOutbox {
    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] { try await outbox.due(at: time, limit: limit) }
    public func acknowledge(_ entryID: UUID, by target: String) async throws { try await outbox.acknowledge(entryID, by: target) }
    public func complete(_ entryID: UUID) async throws { try await outbox.complete(entryID) }
    public func postpone(_ entryID: UUID, until time: Date) async throws { try await outbox.postpone(entryID, until: time) }
}

/// An outbox kept in memory, for the in-memory stores; behaves as `PostgresOutbox` does.
public final class InMemoryOutbox: OutboxRepository {
    private let state = Mutex<(entries: [UUID: OutboxEntry], nextAttempt: [UUID: Date])>(([:], [:]))

    public init() {}

    public var all: [OutboxEntry] { state.withLock { $0.entries.values.sorted { $0.id.uuidString < $1.id.uuidString } } }

    public func add(_ entry: OutboxEntry) {
        state.withLock { $0.entries[entry.id] = entry }
    }

    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        state.withLock { state in
            Array(state.entries.values.sorted { $0.id.uuidString < $1.id.uuidString }
                .filter { (state.nextAttempt[$0.id] ?? $0.createdAt) <= time }.prefix(limit))
        }
    }

    public func acknowledge(_ entryID: UUID, by target: String) async throws {
        state.withLock { _ = $0.entries[entryID]?.deliveredTo.insert(target) }
    }

    public func complete(_ entryID: UUID) async throws {
        state.withLock { state in
            state.entries[entryID] = nil
            state.nextAttempt[entryID] = nil
        }
    }

    public func postpone(_ entryID: UUID, until time: Date) async throws {
        state.withLock { state in
            state.entries[entryID]?.attempts += 1
            state.nextAttempt[entryID] = time
        }
    }
}
