import Foundation
import Synchronization

/// When each user's follows or blocks last changed, as accounts' feed told this process (its
/// revocation feed carries them): a relations cache must not answer for either user from before it
/// (`CachedSocialGraph`), and a gateway marks their later calls with it (`RelationsChange`), so a
/// change takes effect at once for both people, in every service and on every replica. Kept as long as
/// any cache keeps an answer, a minute.
public final class RelationChanges: Sendable {
    public static let shared = RelationChanges()
    static let keptFor: TimeInterval = 60
    static let capacity = 100_000

    private let changes = Mutex<[UUID: Date]>([:])

    public init() {}

    public func record(_ users: [UUID], at time: Date) {
        changes.withLock { changes in
            if changes.count >= Self.capacity {
                let horizon = Date().addingTimeInterval(-Self.keptFor)
                changes = changes.filter { $0.value > horizon }
                if changes.count >= Self.capacity { changes.removeAll(keepingCapacity: true) }
            }
            for user in users { changes[user] = max(changes[user] ?? time, time) }
        }
    }

    public func lastChange(of user: UUID) -> Date? {
        changes.withLock { $0[user] }
    }
}
