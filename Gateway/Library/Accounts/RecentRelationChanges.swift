import Foundation
import Synchronization

/// When each user last followed, unfollowed, blocked or unblocked someone through this gateway. Their
/// later calls carry it (`RelationsChange`), so every service's relations cache answers them as they
/// now are. Kept as long as a cache may hold an older answer (`RELATIONS_CACHE_TTL` is seconds).
final class RecentRelationChanges: Sendable {
    private let changes = Mutex<[UUID: Date]>([:])
    private let keptFor: TimeInterval
    private let capacity: Int

    init(keptFor: TimeInterval = 300, capacity: Int = 100_000) {
        self.keptFor = keptFor
        self.capacity = capacity
    }

    func record(_ user: UUID, at time: Date = Date()) {
        changes.withLock { changes in
            if changes.count >= capacity { changes = changes.filter { time.timeIntervalSince($0.value) < keptFor } }
            if changes.count >= capacity { changes.removeAll() }
            changes[user] = time
        }
    }

    func lastChange(of user: UUID, now: Date = Date()) -> Date? {
        changes.withLock { changes in
            guard let time = changes[user] else { return nil }
            guard now.timeIntervalSince(time) < keptFor else {
                changes[user] = nil
                return nil
            }
            return time
        }
    }
}
