import RoamRuntime
import Synchronization

/// How many connections each client address holds open (an IPv6 client by its /64, as the rate limits
/// count it), so one more than `limit` can be refused. Shared by every connection of the server.
final class ConnectionsPerAddress: Sendable {
    let limit: Int
    private let open = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a connection from `address` in, or returns false when that address already holds `limit`.
    func enter(_ address: String) -> Bool {
        let key = ClientNetwork.key(of: address)
        return open.withLock { counts in
            guard counts[key, default: 0] < limit else { return false }
            counts[key, default: 0] += 1
            return true
        }
    }

    func leave(_ address: String) {
        let key = ClientNetwork.key(of: address)
        open.withLock { counts in
            let left = counts[key, default: 1] - 1
            counts[key] = left > 0 ? left : nil
        }
    }
}
