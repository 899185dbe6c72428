import Hummingbird
import RoamRuntime

/// Per-address token buckets: a client over its rate gets 429 with `Retry-After`. It runs before the
/// bearer token is checked, so forged tokens (an Ed25519 check each) meet the limit too. An IPv6
/// client counts by its /64 (`ClientNetwork`).
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let byAddress: TokenBucket

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try Self.check(byAddress.take(ClientNetwork.key(of: context.clientAddress)))
        return try await next(request, context)
    }

    static func check(_ decision: TokenBucket.Decision) throws(RoamError) {
        if case .limited(let retryAfter) = decision {
            throw RoamError(
                .resourceExhausted(retryAfter: retryAfter), reason: "RATE_LIMITED",
                message: "too many requests; slow down")
        }
    }
}
