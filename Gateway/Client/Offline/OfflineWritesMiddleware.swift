import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Keeps a write the gateway could not be reached for (after the retries) in the session's pending
/// writes, and throws `RoamClientError.queued` with its id: a create carrying an idempotency key, or a
/// `PUT`, `PATCH` or `DELETE` (applying those twice is applying them once). While writes wait, a new
/// one waits behind them, so they reach the gateway in the order they were made; a placeholder of a
/// create already applied is replaced by the id it got.
struct OfflineWritesMiddleware: ClientMiddleware {
    let writes: PendingWrites
    let session: RoamSession
    /// The largest body kept; a larger create fails as it would without a queue (a file is kept by
    /// `RoamSession.upload(contentsOf:)`, as a copy).
    static let largestBody = 1 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // An upload is kept by `RoamSession.upload(contentsOf:)`, as a copy of its file.
        guard Self.keeps(request), operationID != "uploadMedia", Self.canKeep(body) else {
            return await answered(try await next(request, body, baseURL))
        }
        let data = body == nil ? nil : try await body.collected(upTo: Self.largestBody)
        let made = PendingWrite(
            operationID: operationID, request: request, body: data, idempotencyKey: request.headerFields[.idempotencyKey],
            userID: try await session.signedInUserID())
        let write = await writes.resolved(made)
        if try await writes.hasWaiting() {
            try await writes.keep(write, for: session)
            throw RoamClientError.queued(write.id)
        }
        var sent = request
        sent.path = write.path
        do {
            return await answered(try await next(sent, write.body.map { HTTPBody($0) }, baseURL))
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

    /// A keyed create, or a write that is the same however often it is applied.
    private static func keeps(_ request: HTTPRequest) -> Bool {
        switch request.method {
        case .post: request.headerFields[.idempotencyKey] != nil
        case .put, .patch, .delete: true
        default: false
        }
    }

    /// Whether the body can be kept: none, or one that can be read again and is not too large.
    private static func canKeep(_ body: HTTPBody?) -> Bool {
        guard let body else { return true }
        guard body.iterationBehavior == .multiple, case .known(let length) = body.length else { return false }
        return length <= largestBody
    }
}
