import Foundation
import JWTKit
import Logging
import Synchronization

/// Limits how often an unknown key id may trigger a key fetch, so garbage tokens cannot hammer accounts.
final class KeyRefreshGate: Sendable {
    private let minimumInterval: Duration
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(minimumInterval: Duration) {
        self.minimumInterval = minimumInterval
    }

    func mayRefresh() -> Bool {
        let now = ContinuousClock.now
        return last.withLock { last in
            if let previous = last, previous + minimumInterval > now { return false }
            last = now
            return true
        }
    }
}
