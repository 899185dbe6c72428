import Foundation
import Hummingbird
import RoamRuntime

/// From here on, every call to a service carries this request's id, the user's token, the client's
/// address and when the user last changed their relations (the shared outbound interceptor reads them
/// from task-locals), and generated handlers can read the caller (`GatewayCall.current`).
struct CallContextMiddleware: RouterMiddleware {
    typealias Context = GatewayRequestContext
    let relationChanges: RecentRelationChanges

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let call = GatewayCall(user: context.user, userAgent: String((request.headers[.userAgent] ?? "").prefix(256)))
        // The caller's own change through this replica, or any change of theirs accounts' feed told of.
        let relationsChanged = context.user.flatMap { user in
            [relationChanges.lastChange(of: user.id), RelationChanges.shared.lastChange(of: user.id)].compactMap { $0 }.max()
        }
        return try await GatewayCall.$current.withValue(call) {
            try await RelationsChange.$at.withValue(relationsChanged) {
                try await CallContext.$current.withValue(context.callContext) {
                    try await next(request, context)
                }
            }
        }
    }
}
