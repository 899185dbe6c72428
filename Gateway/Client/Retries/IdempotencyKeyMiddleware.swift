import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Gives every create that takes an `Idempotency-Key` one (unless the app chose its own), before any
/// retry or offline queue sees the request, so all its tries carry the same key and it is applied once.
struct IdempotencyKeyMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationsTakingIdempotencyKey.contains(operationID), request.headerFields[.idempotencyKey] == nil else {
            return try await next(request, body, baseURL)
        }
        var keyed = request
        keyed.headerFields[.idempotencyKey] = UUID().uuidString
        return try await next(keyed, body, baseURL)
    }
}
