import Hummingbird
import RoamRuntime

/// What a generated operation handler knows of its request beyond its input: who is calling, and with
/// which client. `CallContextMiddleware` sets it for the request's task.
struct GatewayCall: Sendable {
    @TaskLocal static var current = GatewayCall(user: nil, userAgent: "")

    var user: AuthenticatedUser?
    var userAgent: String
}
