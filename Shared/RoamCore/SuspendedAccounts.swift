import Foundation
import Synchronization

/// The accounts suspended now, as accounts' feed told this process (its revocation feed lists them
/// whenever one changes): their public content is hidden from everyone else while the suspension lasts
/// (`CachedSocialGraph` adds them to every reader's hidden users), and shown again once it ends or is
/// lifted. Suspensions are few; the whole list is replaced each time.
public final class SuspendedAccounts: Sendable {
    public static let shared = SuspendedAccounts()

    /// Each suspended account and the end of its suspension (nil: until lifted).
    private let accounts = Mutex<[UUID: Date?]>([:])

    public init() {}

    public func replace(with suspended: [UUID: Date?]) {
        accounts.withLock { $0 = suspended }
    }

    /// The accounts whose content `reader` must not see at `time`: every one suspended then but their own.
    public func hidden(from reader: UUID, at time: Date) -> Set<UUID> {
        accounts.withLock { accounts in
            guard !accounts.isEmpty else { return [] }
            var hidden = Set<UUID>()
            for (user, until) in accounts where user != reader && (until ?? .distantFuture) > time { hidden.insert(user) }
            return hidden
        }
    }
}
