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
        let answer = try await next(request.bearing(token), body, baseURL)
        guard answer.0.status == .unauthorized, body.map({ $0.iterationBehavior == .multiple }) ?? true else { return answer }
        guard let fresh = try await session.token(afterRefusalOf: token), fresh != token else { return answer }
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
