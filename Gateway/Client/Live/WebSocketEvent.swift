/// What one WebSocket connection delivers: text frames, then how it was closed.
enum WebSocketEvent: Sendable {
    case text(String)
    /// The close frame's code and reason; 1006 when the connection ended without one.
    case closed(code: Int, reason: String)
}
