import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Keeps a create the gateway could not be reached for (after the retries) in the session's pending
/// writes, and throws `RoamClientError.queued` with its id; while writes wait, a new create waits
/// behind them, so they reach the gateway in the order they were made.
struct OfflineWritesMiddleware: ClientMiddleware {
    let writes: PendingWrites
    let session: RoamSession
    /// The largest body kept; a larger create (a video) fails as it would without a queue.
    static let largestBody = 1 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let key = request.headerFields[.idempotencyKey], request.method == .post, Self.canKeep(body) else {
            return await answered(try await next(request, body, baseURL))
        }
        let data = body == nil ? nil : try await body.collected(upTo: Self.largestBody)
        let write = PendingWrite(
            operationID: operationID, request: request, body: data, idempotencyKey: key, userID: try await session.signedInUserID())
        if try await writes.hasWaiting() {
            try await writes.keep(write, for: session)
            throw RoamClientError.queued(write.id)
        }
        do {
            return await answered(try await next(request, data.map { HTTPBody($0) }, baseURL))
        } catch  where error.isNetworkFailure {
            try await writes.keep(write, for: session)
            throw RoamClientError.queued(write.id)
        }
    }

    private func answered(_ answer: (HTTPResponse, HTTPBody?)) async -> (HTTPResponse, HTTPBody?) {
        // The answer is the caller's whatever the queue's store says.
        try? await writes.gatewayAnswered(for: session)
        return answer
    }

    /// Whether the body can be kept: none, or one that can be read again and is not too large.
    private static func canKeep(_ body: HTTPBody?) -> Bool {
        guard let body else { return true }
        guard body.iterationBehavior == .multiple, case .known(let length) = body.length else { return false }
        return length <= largestBody
    }
}
