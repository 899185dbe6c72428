import Foundation

/// Opens a WebSocket and reads what the server sends (the gateway's live streams only send): on NIO on
/// Linux, where URLSession has no WebSocket (it needs a libcurl built with it, which Debian's is not),
/// and on URLSession on Apple platforms.
enum WebSocketConnection {
    /// The longest frame accepted.
    static let largestFrame = 1 << 20
}
