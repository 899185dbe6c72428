import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Puts the session's access token on each call, and after a 401 asks the session for a fresh one and
/// sends the call once more (when its body can be sent twice). When the session has ended, the call
/// throws `RoamClientError.signedOut`.
struct SessionMiddleware: ClientMiddleware {
    let session: RoamSession

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let token = try await session.accessToken() else { return try await next(request, body, baseURL) }
        let (response, responseBody) = try await next(request.bearing(token), body, baseURL)
        guard response.status == .unauthorized, body.map({ $0.iterationBehavior == .multiple }) ?? true else { return (response, responseBody) }
        // The refusal is read to its end before anything else: a response body left unread keeps its
        // connection busy (and a gateway stopping waits for it).
        var refusal: Data?
        if let responseBody { refusal = try await Data(collecting: responseBody, upTo: 1 << 20) }
        guard let fresh = try await session.token(afterRefusalOf: token), fresh != token else { return (response, refusal.map { HTTPBody($0) }) }
        return try await next(request.bearing(fresh), body, baseURL)
    }
}

extension HTTPRequest {
    fileprivate func bearing(_ token: String) -> HTTPRequest {
        var request = self
        request.headerFields[.authorization] = "Bearer \(token)"
        return request
    }
}
