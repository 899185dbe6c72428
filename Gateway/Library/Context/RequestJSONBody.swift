/// A request's JSON body as `JSONSerialization` read it, once (`InputCheckMiddleware`), for the checks
/// after it: the NUL scan, the schema check and the idempotency fingerprint. The generated decoder
/// reads the bytes again, the second and last time.
struct RequestJSONBody: @unchecked Sendable {
    /// Foundation's JSON objects (dictionaries, arrays, strings, NSNumber, NSNull): never changed once
    /// read, and never seen outside this request (hence `@unchecked`).
    let object: Any
}
