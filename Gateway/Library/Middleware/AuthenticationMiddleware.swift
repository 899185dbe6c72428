import Hummingbird
import RoamRuntime

/// Verifies the bearer token, when there is one, with the accounts public keys and records the user.
/// Routes that need a user ask the context; a token that is present but bad is refused everywhere, so
/// a client learns at once that it must refresh.
public struct AuthenticationMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let verifier: AccessTokenVerifier

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            return try await next(request, context)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "expected \"Authorization: Bearer <token>\"")
        }
        let token = String(parts[1])
        guard case .user(let user) = try await verifier.verify(token) else {
            throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "service credentials are not accepted here")
        }
        var context = context
        context.user = user
        context.bearerToken = token
        context.logger[metadataKey: "user_id"] = "\(user.id.uuidString.lowercased())"
        Traces.recordUser(user.id.uuidString.lowercased())
        return try await next(request, context)
    }
}
