import Foundation
import Synchronization

/// Tokens already verified, until they expire: the same bearer token arrives on every request of a
/// session, and verifying its EdDSA signature again each time is most of the cost of a cheap read.
/// Keyed by the whole token, so a cached answer is only ever reused for the very same signed bytes.
final class VerifiedTokenCache: Sendable {
    private let entries = Mutex<[String: (caller: Caller, expiresAt: Date, keyID: String)]>([:])
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The caller and the id of the key that signed the token (still to be checked: a key can be retired).
    func caller(for token: String, now: Date = Date()) -> (caller: Caller, keyID: String)? {
        entries.withLock { entries in
            guard let entry = entries[token] else { return nil }
            guard entry.expiresAt > now else {
                entries.removeValue(forKey: token)
                return nil
            }
            return (entry.caller, entry.keyID)
        }
    }

    func remember(_ caller: Caller, for token: String, until expiresAt: Date, keyID: String, now: Date = Date()) {
        entries.withLock { entries in
            if entries.count >= capacity {
                entries = entries.filter { $0.value.expiresAt > now }
                // Still full of live tokens: start over rather than grow without bound.
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[token] = (caller, expiresAt, keyID)
        }
    }
}
