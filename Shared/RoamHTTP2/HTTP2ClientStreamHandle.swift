/// A call's stream with its connection, passed between tasks; the stream itself is only touched on
/// the connection's event loop.
struct HTTP2ClientStreamHandle: @unchecked Sendable {
    let connection: HTTP2ClientConnection
    let stream: HTTP2ClientStream
}
