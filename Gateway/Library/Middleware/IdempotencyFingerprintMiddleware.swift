import HTTPTypes
import Hummingbird
import RoamRuntime

/// Fingerprints a request that carries an `Idempotency-Key` (its method, target and body), so every
/// service that stores the key can refuse it later for a different request (`IdempotentRequest`).
/// Other bodies are not collected here: a GPX import fingerprints its file once it has read it, and an
/// upload streams its bytes to media unread, so its key alone decides. Every call made for a request
/// with a key carries the key's digest, so a service refuses a second call with it while the first runs.
public struct IdempotencyFingerprintMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    static let keyHeader = HTTPField.Name("Idempotency-Key")!

    public init() {}

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A key sent to an operation that takes none (a client that sends one everywhere) changes nothing.
        guard let key = request.headers[Self.keyHeader], let operation = context.operation, operation.takesIdempotencyKey else {
            return try await next(request, context)
        }
        return try await IdempotentRequest.$keyDigest.withValue(RequestFingerprint.digest(ofKey: key)) {
            guard !operation.takesOtherBody else { return try await next(request, context) }
            return try await fingerprinted(request, context: context, next: next)
        }
    }

    private func fingerprinted(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        let target = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        let fingerprint: String
        if let json = context.jsonBody {
            // The JSON the input check read: not read again.
            fingerprint = RequestFingerprint.make(method: request.method.rawValue, target: target, json: json.object)
        } else {
            // Collected once already when the body was checked; this reads the same buffer.
            let body = try await request.collectBody(upTo: context.maxBodyBytes)
            fingerprint = RequestFingerprint.make(method: request.method.rawValue, target: target, body: body.readableBytesView)
        }
        return try await IdempotentRequest.$fingerprint.withValue(fingerprint) { try await next(request, context) }
    }
}
