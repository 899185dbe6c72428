/// The request that carries an `Idempotency-Key`, as a fingerprint: a digest of its method, target and
/// body, made by the gateway and carried with every call made for it (metadata
/// `x-roam-request-fingerprint`). A store keeps it beside the key, and a later request with the same
/// key but another fingerprint is refused instead of answered with the first one's result, as the IETF
/// `Idempotency-Key` draft asks. Without a fingerprint (a service calling directly, a key stored before
/// fingerprints were) the key alone decides.
public enum IdempotentRequest {
    @TaskLocal public static var fingerprint: String?
    /// A digest of the request's `Idempotency-Key` (metadata `x-roam-idempotency-key`): while a call
    /// carrying it runs, another with the same one from the same user is refused with `keyInUse`.
    @TaskLocal public static var keyDigest: String?

    /// 422: the key was first used for a different request.
    public static let keyReused = RoamError(
        .failedPrecondition, reason: "IDEMPOTENCY_KEY_REUSED",
        message: "this Idempotency-Key was used for a different request",
        violations: [RoamError.FieldViolation(field: "idempotency_key", description: "was used for a different request")])

    /// 409: the first request with the key is still being written; retry after a moment for its result.
    public static let keyInUse = RoamError(
        .aborted, reason: "IDEMPOTENCY_KEY_IN_USE",
        message: "a request with this Idempotency-Key is still in progress; retry it for its result")

    /// Refuses answering this request with what the key stored first, when that was made for another request.
    public static func checkReplay(storedFingerprint stored: String?) throws(RoamError) {
        guard let stored, let fingerprint, stored != fingerprint else { return }
        throw keyReused
    }
}
