import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every 4xx or 5xx answer into a thrown `RoamProblem`, so a session's calls return only what
/// succeeded and an app handles failures in one `catch`.
struct ProblemMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        // Read to its end: an unread body keeps its connection busy.
        let document = try await responseBody.collected()
        throw RoamProblem(operationID: operationID, status: response.status.code, body: document, retryAfter: response.retryAfter)
    }
}
