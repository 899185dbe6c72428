import Hummingbird
import Logging

/// One line per request, with its request id (from the context's logger), method, path, status and
/// duration; the same id appears in every service's log lines for the calls it caused.
public struct AccessLogMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        context.logger.info(
            "\(request.method) \(request.uri.path)",
            metadata: [
                "status": "\(response.status.code)", "duration_ms": "\(milliseconds)",
            ])
        return response
    }
}
