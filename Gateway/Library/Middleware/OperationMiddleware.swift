import Hummingbird

/// Finds the request's operation in the document once (`GatewayOpenAPI.operation`), for the
/// middlewares after it: who may call it, what input it takes, whether it takes an idempotency key.
struct OperationMiddleware: RouterMiddleware {
    typealias Context = GatewayRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.operation = context.endpointPath.flatMap { GatewayOpenAPI.operation(request.method, $0) }
        return try await next(request, context)
    }
}
