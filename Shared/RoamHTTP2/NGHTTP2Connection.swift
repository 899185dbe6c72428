import CNGHTTP2
import GRPCCore
import NIOCore

/// What the client and server connections share: an nghttp2 session fed by a NIO channel, written
/// out in one write per turn of the event loop, and flow-control credit given back as calls read.
/// Everything runs on `loop`.
protocol NGHTTP2Connection: AnyObject, Sendable {
    var loop: any EventLoop { get }
    var session: OpaquePointer? { get }
    var context: ChannelHandlerContext? { get }
    var flushScheduled: Bool { get set }
}

extension NGHTTP2Connection {
    /// Writes what nghttp2 has to send, in one write; closes the connection when neither side has more to say.
    func flush() {
        flushScheduled = false
        guard let session, let context else { return }
        var output: ByteBuffer?
        while true {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count > 0, let data else { break }
            if output == nil { output = context.channel.allocator.buffer(capacity: count) }
            output!.writeBytes(UnsafeRawBufferPointer(start: data, count: count))
        }
        if let output { context.writeAndFlush(NIOAny(output), promise: nil) }
        if nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 {
            context.close(promise: nil)
        }
    }

    func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        loop.execute { self.flush() }
    }

    /// Runs `body` on the event loop: at once when the caller is already there, which is where a
    /// server's handler runs (its connection's loop is its task executor).
    func perform<Result: Sendable>(_ body: @escaping @Sendable (Self) throws -> Result) async throws -> Result {
        if loop.inEventLoop {
            try body(self)
        } else {
            try await loop.submit { try body(self) }.get()
        }
    }

    /// Gives `count` received bytes back to the peer's window (the stream's, and the connection's).
    func credit(_ count: Int, on streamID: Int32) {
        guard count > 0, let session else { return }
        if nghttp2_session_consume(session, streamID, count) != 0 {
            nghttp2_session_consume_connection(session, count)
        }
        scheduleFlush()
    }

    /// Cuts the messages out of one DATA chunk and hands them to the call, crediting now what
    /// `flow` allows; a stream nobody reads any more gets all its bytes credited at once.
    func receive<Part>(
        _ bytes: UnsafeRawBufferPointer, on streamID: Int32, reader: inout GRPCMessageReader, flow: inout InboundFlow,
        to inbound: AsyncThrowingStream<Part, any Error>.Continuation?, as part: ([UInt8]) -> Part
    ) throws(RPCError) {
        guard let inbound else { return credit(bytes.count, on: streamID) }
        credit(flow.received(bytes.count), on: streamID)
        reader.append(bytes)
        while let message = try reader.next() {
            flow.queued(message: message.count + 5)
            inbound.yield(part(message))
        }
    }

    /// A new session with the callbacks `install` sets, that leaves WINDOW_UPDATE to `credit`.
    func makeSession(
        server: Bool, install: (OpaquePointer?) -> Void, settings: [nghttp2_settings_entry]
    ) -> OpaquePointer? {
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        install(callbacks)
        // Bytes are credited back as the call reads them (`InboundFlow`), not as they arrive.
        var options: OpaquePointer?
        nghttp2_option_new(&options)
        defer { nghttp2_option_del(options) }
        nghttp2_option_set_no_auto_window_update(options, 1)
        var session: OpaquePointer?
        let user = Unmanaged.passUnretained(self).toOpaque()
        if server {
            nghttp2_session_server_new2(&session, callbacks, user, options)
        } else {
            nghttp2_session_client_new2(&session, callbacks, user, options)
        }
        nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), settings, settings.count)
        // The connection's window: many streams' bodies at once without waiting on WINDOW_UPDATE.
        nghttp2_session_set_local_window_size(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, 16 << 20)
        return session
    }
}
