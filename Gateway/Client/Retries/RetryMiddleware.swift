import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends a call that is safe to repeat again when the network fails (after a growing, jittered wait),
/// when the gateway asks for a wait it can afford (429 or 503 with `Retry-After`), when it was briefly
/// unavailable (502, 503, 504), and when the same key's first try is still being handled (409
/// `IDEMPOTENCY_KEY_IN_USE`).
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard policy.attempts > 1, request.isSafeToRepeat, body.map({ $0.iterationBehavior == .multiple }) ?? true else {
            return try await next(request, body, baseURL)
        }
        var failures = 0
        while true {
            let response: HTTPResponse
            let responseBody: HTTPBody?
            do {
                (response, responseBody) = try await next(request, body, baseURL)
            } catch  where error.isNetworkFailure && failures + 1 < policy.attempts {
                failures += 1
                try await Task.sleep(for: policy.delay(afterFailures: failures))
                continue
            }
            guard failures + 1 < policy.attempts else { return (response, responseBody) }
            switch try await decision(after: response, responseBody) {
            case .answer(let body):
                return (response, body)
            case .retry(let wait):
                failures += 1
                try await Task.sleep(for: wait ?? policy.delay(afterFailures: failures))
            }
        }
    }

    private enum Decision {
        /// Return the answer, with its body (read when it had to be).
        case answer(HTTPBody?)
        /// Send the call again after this wait, or the policy's own.
        case retry(after: Duration?)
    }

    private func decision(after response: HTTPResponse, _ body: HTTPBody?) async throws -> Decision {
        let retryAfter = response.retryAfter
        switch response.status.code {
        case 429,
            503 where retryAfter != nil:
            guard let retryAfter, retryAfter <= policy.longestRetryAfter else { return .answer(body) }
            try await drain(body)
            return .retry(after: retryAfter)
        case 502, 503, 504:
            try await drain(body)
            return .retry(after: nil)
        case 409:
            // Only the answer's reason tells a key in use (worth waiting for) from a real conflict.
            let document = try await body.collected()
            guard RoamProblem.reason(in: document) == "IDEMPOTENCY_KEY_IN_USE" else { return .answer(HTTPBody(document)) }
            return .retry(after: nil)
        default:
            return .answer(body)
        }
    }

    /// Reads an answer that will not be returned to its end, freeing its connection.
    private func drain(_ body: HTTPBody?) async throws {
        guard let body else { return }
        for try await _ in body {}
    }
}
