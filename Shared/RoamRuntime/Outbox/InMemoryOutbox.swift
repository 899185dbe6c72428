import Foundation
import Synchronization

/// An outbox kept in memory, for the in-memory stores; behaves as `PostgresOutbox` does.
public final class InMemoryOutbox: OutboxRepository {
    private let state = Mutex<(entries: [UUID: OutboxEntry], nextAttempt: [UUID: Date])>(([:], [:]))

    public init() {}

    public var all: [OutboxEntry] { state.withLock { $0.entries.values.sorted { $0.id.uuidString < $1.id.uuidString } } }

    public func add(_ entry: OutboxEntry) {
        state.withLock { state in
            state.entries[entry.id] = entry
            if entry.notBefore > entry.createdAt { state.nextAttempt[entry.id] = entry.notBefore }
        }
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
