import Foundation
import Synchronization

/// The outbox of a service running on its in-memory stores.
public final class InMemoryPublicationQueue: PublicationQueue {
    private let entries = Mutex<[UUID: (publication: QueuedPublication, due: Date)]>([:])
    private let listeners = Mutex<[WakeUp]>([])

    public init() {}

    /// Adds publications, due at once (the in-memory store's "transaction").
    public func add(_ publications: [Publication], at time: Date) {
        entries.withLock { entries in
            for publication in publications {
                let queued = QueuedPublication(publication: publication)
                entries[queued.id] = (queued, time)
            }
        }
        guard !publications.isEmpty else { return }
        for listener in listeners.withLock({ $0 }) { listener.signal() }
    }

    public func announce(to wakeUp: WakeUp) async {
        listeners.withLock { $0.append(wakeUp) }
        wakeUp.signal()
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        listeners.withLock { $0.removeAll { $0 === wakeUp } }
    }

    /// Forgets what waits for `user` (their account is deleted).
    public func forget(user: UUID) {
        entries.withLock { entries in entries = entries.filter { $0.value.publication.publication.userID != user } }
    }

    public func claim(at time: Date, lease: Duration, limit: Int) async throws -> [QueuedPublication] {
        entries.withLock { entries in
            let due = entries.values.filter { $0.due <= time }.sorted { $0.due < $1.due }.prefix(limit)
            return due.map { entry in
                var claimed = entry.publication
                claimed.attempts += 1
                entries[claimed.id] = (claimed, time.adding(lease))
                return claimed
            }
        }
    }

    public func remove(_ ids: [UUID]) async throws {
        entries.withLock { entries in for id in ids { entries[id] = nil } }
    }

    public func postpone(_ ids: [UUID], until time: Date) async throws {
        entries.withLock { entries in
            for id in ids { entries[id]?.due = time }
        }
    }

    public func pendingCount() async throws -> Int { entries.withLock { $0.count } }
}
