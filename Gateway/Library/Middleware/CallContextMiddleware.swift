import Hummingbird
import RoamRuntime

/// From here on, every call to a service carries this request's id, the user's token and the client's
/// address (the shared outbound interceptor reads them from the task-local call context), and generated
/// handlers can read the caller (`GatewayCall.current`).
public struct CallContextMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    public func handle(_ request: Request, context: Context,
                       next: (Request, Context) async throws -> Response) async throws -> Response {
        let call = GatewayCall(user: context.user, userAgent: String((request.headers[.userAgent] ?? "").prefix(256)))
        return try await GatewayCall.$current.withValue(call) {
            try await RoamRuntime.RequestContext.$current.withValue(context.callContext) {
                try await next(request, context)
            }
        }
    }
}
