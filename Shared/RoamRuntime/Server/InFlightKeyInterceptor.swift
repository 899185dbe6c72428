import GRPCCore
import RoamCore

/// Holds the `Idempotency-Key` a call carries (its digest, from the gateway) for the user while the
/// call runs, so a second call with it is refused with 409 `IDEMPOTENCY_KEY_IN_USE` rather than
/// waiting. Inside `AuthInterceptor`: the key is the caller's. A unary or client-streaming handler has
/// run to its end when `next` returns.
public struct InFlightKeyInterceptor: ServerInterceptor {
    let keys: InFlightKeys
    /// The service's name: the same key may be in flight in two services for one request.
    let service: String

    public init(keys: InFlightKeys, service: String) {
        self.keys = keys
        self.service = service
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        guard let digest = request.metadata[stringValues: RoamMetadataKey.idempotencyKeyDigest].first(where: { _ in true }), digest.count <= 64,
            let user = CallContext.current.userID
        else {
            return try await next(request, context)
        }
        return try await keys.hold("\(service)/\(user.lowercasedString)/\(digest)") { try await next(request, context) }
    }
}
