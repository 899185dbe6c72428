/// A client's key for retrying a create (`Idempotency-Key`): optional, at most 200 storable characters, as the contract says.
public enum IdempotencyKey {
    public static let maxLength = 200

    /// Refuses a key that is too long or cannot be stored, naming `idempotency_key`.
    public static func check(_ key: String?) throws(RoamError) {
        guard let key else { return }
        var validation = Validation()
        validation.require(key.count <= maxLength, "idempotency_key", "must be at most \(maxLength) characters")
        validation.requireStorable(key, "idempotency_key")
        try validation.check()
    }
}
