#if canImport(Darwin)
import Foundation

extension WebSocketConnection {
    static func open(_ url: URL, headers fields: [(String, String)]) async throws -> WebSocketOpening {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = url.scheme == "https" ? "wss" : "ws"
        guard let socketURL = components?.url else { throw RoamClientError.invalidLink(url.absoluteString) }
        var request = URLRequest(url: socketURL)
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        let task = URLSession.shared.webSocketTask(with: request)
        task.maximumMessageSize = largestFrame
        task.resume()
        // The first message, or the failure, tells whether the upgrade was refused.
        let first: URLSessionWebSocketTask.Message
        do {
            first = try await task.receive()
        } catch {
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                return .refused(status: response.statusCode, body: Data())
            }
            guard task.closeCode != .invalid else { throw error }
            return .open(
                AsyncThrowingStream {
                    $0.yield(closed(task)); $0.finish()
                })
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketEvent.self)
        let reader = Task {
            var message = first
            while true {
                if case .string(let text) = message { continuation.yield(.text(text)) }
                do {
                    message = try await task.receive()
                } catch {
                    if task.closeCode != .invalid {
                        continuation.yield(closed(task))
                        continuation.finish()
                    } else {
                        continuation.finish(throwing: error)
                    }
                    return
                }
            }
        }
        continuation.onTermination = { _ in
            reader.cancel()
            task.cancel(with: .goingAway, reason: nil)
        }
        return .open(stream)
    }

    private static func closed(_ task: URLSessionWebSocketTask) -> WebSocketEvent {
        .closed(code: task.closeCode.rawValue, reason: String(decoding: task.closeReason ?? Data(), as: UTF8.self))
    }
}
#endif
