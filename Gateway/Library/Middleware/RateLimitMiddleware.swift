import Hummingbird
import Metrics
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
        try Self.check(byAddress.take(ClientNetwork.key(of: context.clientAddress)), by: "address")
        return try await next(request, context)
    }

    /// Refuses a request over its rate, counting it in `roam_gateway_rate_limited_total` by what
    /// limited it (`address` or `user`).
    static func check(_ decision: TokenBucket.Decision, by limit: String) throws(RoamError) {
        if case .limited(let retryAfter) = decision {
            Counter(label: "roam_gateway_rate_limited_total", dimensions: [("limit", limit)]).increment()
            throw RoamError(
                .resourceExhausted(retryAfter: retryAfter), reason: "RATE_LIMITED",
                message: "too many requests; slow down")
        }
    }
}
