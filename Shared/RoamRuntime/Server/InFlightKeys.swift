import Foundation
import RoamCore
import Synchronization

/// The idempotency keys whose first call is still running in this process, so a second call with one
/// is answered 409 `IDEMPOTENCY_KEY_IN_USE` at once (as the IETF `Idempotency-Key` draft asks) instead
/// of waiting on the first one's row. Only this replica's calls are known here: a second call on
/// another replica meets the first's row through the key's unique index, waits for it and answers it,
/// so a create is still made once. (A PostgreSQL advisory lock per call was tried for every replica:
/// it needs a pooled connection lent for the whole call, and a lease that waits out a database outage
/// kept keys held long after it.)
public final class InFlightKeys: Sendable {
    private let names = Mutex<Set<String>>([])

    public init() {}

    /// Runs `body` holding `name`; `IdempotentRequest.keyInUse` when another call holds it.
    public func hold<Result: Sendable>(_ name: String, _ body: () async throws -> Result) async throws -> Result {
        guard names.withLock({ $0.insert(name).inserted }) else { throw IdempotentRequest.keyInUse }
        defer { names.withLock { _ = $0.remove(name) } }
        return try await body()
    }
}
