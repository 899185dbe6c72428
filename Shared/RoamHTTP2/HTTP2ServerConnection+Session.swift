import CNGHTTP2
import GRPCCore
import Logging
import Metrics
import NIOCore

/// The connection's nghttp2 session: fed by the channel, written out in one write per turn of the
/// event loop, flow-control credit given back as calls read, and every failure logged and counted.
extension HTTP2ServerConnection {
    /// Writes what nghttp2 has to send, in one write; closes the connection when neither side has more to say.
    func flush() {
        flushScheduled = false
        guard let session, let context, !hasFailed else { return }
        var output: ByteBuffer?
        while true {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            if count < 0 {
                fail(Int32(truncatingIfNeeded: count))
                return
            }
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
        loop.assumeIsolated().execute { self.flush() }
    }

    /// Gives `count` received bytes back to the peer's window (the stream's, and the connection's).
    func credit(_ count: Int, on streamID: Int32) {
        guard count > 0, let session else { return }
        if nghttp2_session_consume(session, streamID, count) != 0 {
            check(nghttp2_session_consume_connection(session, count), "consume_connection")
        }
        scheduleFlush()
    }

    /// Cuts the messages out of one DATA chunk and hands them to the call, crediting now what its
    /// flow allows; a stream nobody reads any more gets all its bytes credited at once.
    func receive(_ bytes: UnsafeRawBufferPointer, on stream: HTTP2ServerStream) throws(RPCError) {
        guard let inbound = stream.inbound else { return credit(bytes.count, on: stream.id) }
        credit(stream.flow.received(bytes.count), on: stream.id)
        stream.reader.append(bytes)
        while let message = try stream.reader.next() {
            stream.flow.queued(message: message.count + 5)
            inbound.yield(.message(message))
        }
    }

    /// A server session that leaves WINDOW_UPDATE to `credit`, with nghttp2's flood limits set out.
    func makeSession(settings: [nghttp2_settings_entry]) -> OpaquePointer? {
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        NGHTTP2ServerCallbacks.install(in: callbacks)
        var options: OpaquePointer?
        nghttp2_option_new(&options)
        defer { nghttp2_option_del(options) }
        // Bytes are credited back as the call reads them (`InboundFlow`), not as they arrive.
        nghttp2_option_set_no_auto_window_update(options, 1)
        // CVE-2023-44487 ("rapid reset"): past 1,000 streams reset at once, 33 a second, GOAWAY.
        nghttp2_option_set_stream_reset_rate_limit(options, 1_000, 33)
        // CVE-2024-28182: a header block in more than 8 CONTINUATION frames ends the connection.
        nghttp2_option_set_max_continuations(options, 8)
        var session: OpaquePointer?
        check(nghttp2_session_server_new2(&session, callbacks, Unmanaged.passUnretained(self).toOpaque(), options), "session_server_new2")
        check(nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), settings, settings.count), "submit_settings")
        // The connection's window: many streams' bodies at once without waiting on WINDOW_UPDATE.
        check(nghttp2_session_set_local_window_size(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, 16 << 20), "set_local_window_size")
        return session
    }

    /// nghttp2 gave up on the connection (a broken or hostile peer, or no memory): say why in GOAWAY
    /// when it still can, log and count it, and close.
    func fail(_ code: Int32) {
        guard !hasFailed else { return }
        hasFailed = true
        let failure = NGHTTP2Failure(code)
        logger.warning(
            "HTTP/2 connection closed",
            metadata: [
                "peer": "\(context.map { HTTP2Peer.describe($0.channel.remoteAddress) } ?? "unknown")",
                "nghttp2": "\(failure.description)",
            ])
        Counter(label: "roam_http2_connection_failures_total", dimensions: [("reason", failure.reason)], factory: metrics).increment()
        if let session {
            _ = nghttp2_session_terminate_session(session, failure.goAwayCode)
            while true {
                var data: UnsafePointer<UInt8>?
                let count = nghttp2_session_mem_send(session, &data)
                guard count > 0, let data, let context else { break }
                context.write(NIOAny(context.channel.allocator.buffer(bytes: UnsafeRawBufferPointer(start: data, count: count))), promise: nil)
            }
        }
        context?.flush()
        context?.close(promise: nil)
    }

    /// A call into nghttp2 that should not fail: when it does, it is logged and counted. True when it did not.
    @discardableResult
    func check(_ result: Int32, _ call: StaticString) -> Bool {
        guard result != 0 else { return true }
        let failure = NGHTTP2Failure(result)
        logger.warning("nghttp2_\(call) failed", metadata: ["nghttp2": "\(failure.description)"])
        Counter(label: "roam_http2_call_failures_total", dimensions: [("call", "\(call)")], factory: metrics).increment()
        return false
    }
}
