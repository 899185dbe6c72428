import Hummingbird
import RoamRuntime

/// Refuses, with 401, a call to any route whose operation in `Gateway/openapi.yaml` lists `bearerAuth`
/// under `security` when no valid access token came with it: the one place the document's security
/// applies, to the generated operations and the plain stream routes alike, before input is checked.
struct SignedInUserMiddleware: RouterMiddleware {
    typealias Context = GatewayRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if context.operation?.requiresUser == true {
            _ = try context.requireUser()
        }
        return try await next(request, context)
    }
}
