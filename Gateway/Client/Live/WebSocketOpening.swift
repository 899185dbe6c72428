import Foundation

/// The answer to a WebSocket upgrade request.
enum WebSocketOpening: Sendable {
    /// Upgraded: the connection's events, ending after `closed` (or throwing when it breaks).
    case open(AsyncThrowingStream<WebSocketEvent, any Error>)
    /// Refused with an HTTP answer: its status and body (a problem document).
    case refused(status: Int, body: Data)
}
