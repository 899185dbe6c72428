import Foundation
import Synchronization

/// An outbox kept in memory, for the in-memory stores; behaves as `PostgresOutbox` does.
public final class InMemoryOutbox: OutboxRepository {
    private let entries = Mutex<[UUID: OutboxEntry]>([:])

    public init() {}

    public func add(_ entry: OutboxEntry) {
        entries.withLock { $0[entry.id] = entry }
    }

    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        Array(matching { ($0.nextAttemptAt ?? .distantFuture) <= time }.prefix(limit))
    }

    public func acknowledge(_ entryID: UUID, by target: String, at time: Date) async throws {
        entries.withLock { entries in
            guard var entry = entries[entryID], !entry.deliveredTo.contains(target) else { return }
            entry.deliveredTo.insert(target)
            entry.acknowledgedAt[target] = time
            entries[entryID] = entry
        }
    }

    public func complete(_ entryID: UUID, at time: Date) async throws {
        entries.withLock { entries in
            entries[entryID]?.completedAt = time
            entries[entryID]?.nextAttemptAt = nil
        }
    }

    public func postpone(_ entryID: UUID, until time: Date) async throws {
        entries.withLock { entries in
            entries[entryID]?.attempts += 1
            entries[entryID]?.nextAttemptAt = time
        }
    }

    public func entries(topic: OutboxEntry.Topic, subject: UUID?, limit: Int) async throws -> [OutboxEntry] {
        Array(matching { $0.topic == topic && (subject == nil || $0.subjectID == subject) }.reversed().prefix(limit))
    }

    public func forgetCompleted(before time: Date) async throws {
        entries.withLock { entries in entries = entries.filter { ($0.value.completedAt ?? .distantFuture) >= time } }
    }

    public func backlog(of targets: [String]) async throws -> [String: OutboxBacklog] {
        OutboxBacklog.of(targets, in: matching { $0.completedAt == nil })
    }

    /// Entries matching `include`, oldest first (ids are version-7 UUIDs, ordered by time like the table's).
    private func matching(_ include: (OutboxEntry) -> Bool) -> [OutboxEntry] {
        entries.withLock { $0.values.filter(include).sorted { $0.id.uuidString < $1.id.uuidString } }
    }
}
