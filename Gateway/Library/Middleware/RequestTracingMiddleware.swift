import Hummingbird
import RoamRuntime
import Tracing

/// A server span for every request when traces are on, continuing a client's `traceparent` if it
/// sent one; the spans of the calls it makes to services are its children. Named after the route, not
/// the path, and never recording the query, which may hold a place.
struct RequestTracingMiddleware: RouterMiddleware {
    typealias Context = GatewayRequestContext

    /// An orchestrator's checks every few seconds are nobody's action.
    static let probes: Set<String> = ["/healthz", "/readyz"]

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Traces.areOn, !Self.probes.contains(request.uri.path) else { return try await next(request, context) }
        var client = ServiceContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &client, using: TraceHeaders())
        let span = startSpan("\(request.method.rawValue)", context: client, ofKind: .server)
        defer { span.end() }
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["roam.request_id"] = context.requestID
        let response: Response
        do {
            response = try await ServiceContext.$current.withValue(span.context) {
                try await Traces.$servedSpan.withValue(span) {
                    try await next(request, context)
                }
            }
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
        if let route = context.endpointPath {
            span.operationName = "\(request.method.rawValue) \(route)"
            span.attributes["http.route"] = route
        }
        span.attributes["http.response.status_code"] = Int(response.status.code)
        if response.status.code >= 500 {
            span.setStatus(SpanStatus(code: .error))
        }
        return response
    }
}
