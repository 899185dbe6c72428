import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Middlewares around the shared transport, for requests the generated client does not make (a pending
/// write sent again, a signed link). A transport failure is thrown as the generated client throws it (a
/// `ClientError` without a response), so the same middlewares read it the same way.
struct MiddlewareChain: Sendable {
    let middlewares: [any ClientMiddleware]

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = { request, body, url in
            do {
                return try await Client.roamTransport.send(request, body: body, baseURL: url, operationID: operationID)
            } catch {
                throw ClientError(
                    operationID: operationID, operationInput: (), request: request, requestBody: body, baseURL: url, response: nil,
                    responseBody: nil, causeDescription: "Transport threw an error.", underlyingError: error)
            }
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, url in
                try await middleware.intercept(request, body: body, baseURL: url, operationID: operationID, next: inner)
            }
        }
        return try await next(request, body, baseURL)
    }
}
