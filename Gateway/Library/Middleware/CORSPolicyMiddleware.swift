import HTTPTypes
import Hummingbird

/// Lets browsers on the configured origins call the API: answers preflight requests and adds the
/// CORS headers to responses. Requests from other origins get no CORS headers, so browsers refuse them.
public struct CORSPolicyMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    let allowedOrigins: Set<String>

    init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins)
    }

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let origin = request.headers[.origin], allows(origin) else {
            return try await next(request, context)
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var response = Response(status: .noContent)
            addHeaders(to: &response, origin: origin)
            response.headers[.accessControlAllowMethods] = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
            // With tus's own, so a browser's tus client (tus-js-client) can resume uploads.
            response.headers[.accessControlAllowHeaders] =
                "Accept, Authorization, Content-Type, X-Request-ID, Idempotency-Key, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata, Upload-Checksum"
            response.headers[.accessControlMaxAge] = "600"
            return response
        }
        var response = try await next(request, context)
        addHeaders(to: &response, origin: origin)
        response.headers[.accessControlExposeHeaders] =
            "X-Request-ID, Retry-After, Location, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Upload-Offset, Upload-Length, Upload-Metadata, Upload-Expires, Roam-Media-Id"
        return response
    }

    private func allows(_ origin: String) -> Bool {
        allowedOrigins.contains("*") || allowedOrigins.contains(origin)
    }

    private func addHeaders(to response: inout Response, origin: String) {
        response.headers[.accessControlAllowOrigin] = allowedOrigins.contains("*") ? "*" : origin
        response.headers[.vary] = "Origin"
    }
}
