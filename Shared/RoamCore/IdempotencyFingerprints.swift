/// Which request first used each idempotency key, for the in-memory stores (the PostgreSQL ones keep
/// it in an `idempotency_fingerprint` column beside the key).
public struct IdempotencyFingerprints: Sendable {
    private var byKey: [String: String] = [:]

    public init() {}

    /// Remembers that the current request (`IdempotentRequest.fingerprint`) is the first to use `key`.
    public mutating func remember(_ key: String) {
        byKey[key] = IdempotentRequest.fingerprint
    }

    /// Refuses answering the current request with what `key` stored first, when that was another request.
    public func checkReplay(_ key: String) throws(RoamError) {
        try IdempotentRequest.checkReplay(storedFingerprint: byKey[key])
    }
}
