import Hummingbird
import RoamRuntime

/// Per-address and per-user token buckets: a client over its rate gets 429 with `Retry-After`.
/// The address limit protects sign-up and log-in; the user limit follows a user across addresses.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let byAddress: TokenBucket
    let byUser: TokenBucket

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try Self.check(byAddress.take(context.clientAddress))
        if let user = context.user {
            try Self.check(byUser.take(user.id.uuidString))
        }
        return try await next(request, context)
    }

    private static func check(_ decision: TokenBucket.Decision) throws(RoamError) {
        if case .limited(let retryAfter) = decision {
            throw RoamError(
                .resourceExhausted(retryAfter: retryAfter), reason: "RATE_LIMITED",
                message: "too many requests; slow down")
        }
    }
}
