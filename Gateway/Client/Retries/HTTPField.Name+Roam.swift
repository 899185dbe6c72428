import HTTPTypes

extension HTTPField.Name {
    /// Makes a create safe to send again: the gateway answers its first result for the same key.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// On an answer the read cache gave: `stale`.
    static let roamCache = HTTPField.Name("Roam-Cache")!
    /// Where a notification stream got to, so the gateway sends what was missed and nothing twice.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
