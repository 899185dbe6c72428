import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import RoamTesting
import Synchronization

/// A WebSocket client for tests: connects in the background, keeps every text frame (parsed as
/// JSON) and how the server closed the socket.
final class LiveSocket: Sendable {
    private final class State: Sendable {
        let frames = Mutex<[String]>([])
        let closed = Mutex<(code: Int, reason: String)?>(nil)
        let failure = Mutex<String?>(nil)
    }

    private let state = State()
    private let task: Task<Void, Never>

    init(port: Int, path: String, token: String) {
        let state = state
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        task = Task {
            do {
                let close = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)\(path)",
                    configuration: .init(additionalHeaders: headers),
                    logger: Logger(label: "test-ws")
                ) { inbound, _, _ in
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        guard case .text(let text) = message else { continue }
                        state.frames.withLock { $0.append(text) }
                    }
                }
                let code: Int =
                    switch close?.closeCode {
                    case .unknown(let raw): Int(raw)
                    case .normalClosure: 1000
                    case .goingAway: 1001
                    case .unexpectedServerError: 1011
                    default: -1
                    }
                state.closed.withLock { $0 = (code, close?.reason ?? "") }
            } catch {
                state.failure.withLock { $0 = "\(error)" }
            }
        }
    }

    /// The text frames, parsed.
    var frames: [[String: Any]] {
        state.frames.withLock { $0 }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The `message` frames' messages.
    var messages: [[String: Any]] { frames.filter { $0["type"] as? String == "message" }.compactMap { $0["message"] as? [String: Any] } }

    /// Waits until `condition` holds of the socket, or 10 seconds pass.
    func wait(until condition: (LiveSocket) -> Bool) async {
        await eventually { condition(self) }
    }

    var isLive: Bool { frames.contains { $0["type"] as? String == "live" } }

    /// What happened so far, for a failing expectation to show.
    var summary: String {
        "frames: \(self.state.frames.withLock { $0 }), closed: \(String(describing: self.state.closed.withLock { $0 })), "
            + "failure: \(self.state.failure.withLock { $0 } ?? "none")"
    }

    /// The close code and reason once the server closed the socket.
    func closing() async -> (code: Int, reason: String)? {
        await task.value
        return state.closed.withLock { $0 }
    }

    /// Why connecting failed (a refused upgrade), once the attempt is over.
    func failure() async -> String? {
        await task.value
        return state.failure.withLock { $0 }
    }

    func stop() {
        task.cancel()
    }
}
