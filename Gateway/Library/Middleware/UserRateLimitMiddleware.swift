import Hummingbird
import RoamRuntime

/// Per-user token buckets, after the token is verified: the limit follows a user across addresses.
public struct UserRateLimitMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let byUser: TokenBucket

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let user = context.user {
            try RateLimitMiddleware.check(byUser.take(user.id.uuidString), by: "user")
        }
        return try await next(request, context)
    }
}
