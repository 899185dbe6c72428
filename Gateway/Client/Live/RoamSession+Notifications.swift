import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamAPI

extension RoamSession {
    /// The user's notifications as they happen (Server-Sent Events), connected again after any break
    /// (the gateway restarting, the network lost) with `Last-Event-ID`, so no reminder or budget alert
    /// is lost or repeated. The sequence ends by throwing when the stream ends for good: the session
    /// ended (`RoamClientError.signedOut`), or a `closed` event (`RoamProblem`, e.g. `TOO_MANY_STREAMS`).
    /// Stop listening to close it.
    public nonisolated func notifications() -> AsyncThrowingStream<LiveNotification, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LiveNotification.self)
        let reader = Task {
            do {
                try await readNotifications(into: continuation)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }

    private nonisolated func readNotifications(into continuation: AsyncThrowingStream<LiveNotification, any Error>.Continuation) async throws {
        let chain = MiddlewareChain(middlewares: [ProblemMiddleware(), SessionMiddleware(session: self)] + middlewares)
        var lastEventID: String?
        var failures = 0
        while !Task.isCancelled {
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me/notifications/stream")
            request.headerFields[.accept] = "text/event-stream"
            request.headerFields[.lastEventID] = lastEventID
            do {
                let (_, body) = try await chain.send(request, body: nil, baseURL: gateway, operationID: "notificationStream")
                for try await event in (body ?? HTTPBody()).asDecodedServerSentEvents() {
                    if let id = event.id { lastEventID = id }
                    let data = Data((event.data ?? "").utf8)
                    switch event.event {
                    case "closed":
                        throw StreamClosed(problem: RoamProblem(operationID: "notificationStream", event: data))
                    case "error":
                        continuation.yield(.partUnavailable(RoamProblem(operationID: "notificationStream", event: data)))
                    case "connected":
                        failures = 0
                        continuation.yield(.connected)
                    default:
                        // A keep-alive comment makes an event with nothing in it; a kind this client does not
                        // know (from a newer gateway) does not decode. Neither is news.
                        guard let notification = try? RoamJSON.decode(Components.Schemas.Notification.self, from: data) else { continue }
                        continuation.yield(.notification(notification))
                    }
                }
            } catch let closed as StreamClosed {
                throw closed.problem
            } catch let error where Self.endsTheStream(error) {
                throw error
            } catch {
                // The connection broke or the gateway was briefly unavailable: connect again.
            }
            failures += 1
            try await Task.sleep(for: RetryPolicy.reconnecting.delay(afterFailures: failures))
        }
    }

    /// Whether an error ends the stream for good: the session ended, or a refusal that connecting
    /// again would not change.
    private static func endsTheStream(_ error: any Error) -> Bool {
        if case .signedOut = error.roamClientError { return true }
        guard let problem = error.roamProblem else { return error is CancellationError }
        return !problem.isTransient
    }
}

/// The stream's `closed` event: the end, for the reason it gives.
private struct StreamClosed: Error {
    let problem: RoamProblem
}
