import CNGHTTP2
import GRPCCore
import NIOCore

/// One connection to a server: nghttp2 frames its calls. Everything here runs on the channel's
/// event loop; `perform` brings a caller's work there.
final class HTTP2ClientConnection: ChannelInboundHandler, NGHTTP2Connection, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    struct Settings: Sendable {
        var authority: String
        var maxPayloadSize: Int
        var keepaliveInterval: Duration?
        var keepaliveTimeout: Duration
    }

    let loop: any EventLoop
    private let settings: Settings
    private(set) var session: OpaquePointer?
    private(set) var context: ChannelHandlerContext?
    private var streams: [Int32: HTTP2ClientStream] = [:]
    var flushScheduled = false
    private var keepalive: RepeatedTask?
    private var pingSentAt: NIODeadline?
    /// The server sent GOAWAY, or the connection closed: no new call starts here.
    private(set) var isDraining = false
    private let onDrain: @Sendable () -> Void
    private(set) var remotePeer = ""
    private(set) var localPeer = ""

    init(loop: any EventLoop, settings: Settings, onDrain: @escaping @Sendable () -> Void) {
        self.loop = loop
        self.settings = settings
        self.onDrain = onDrain
    }

    // MARK: The channel

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        session = makeSession(
            server: false, install: NGHTTP2ClientCallbacks.install,
            settings: [
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_PUSH.rawValue), value: 0),
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 1 << 20),
            ])
        if context.channel.isActive { channelActive(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        keepalive?.cancel()
        nghttp2_session_del(session)
        session = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        remotePeer = HTTP2Peer.describe(context.channel.remoteAddress)
        localPeer = HTTP2Peer.describe(context.channel.localAddress)
        if let interval = settings.keepaliveInterval, keepalive == nil {
            let amount = TimeAmount.nanoseconds(Int64(interval.components.seconds) * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000)
            keepalive = loop.scheduleRepeatedTask(initialDelay: amount, delay: amount) { [weak self] _ in self?.ping() }
        }
        flush()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let result = buffer.withUnsafeReadableBytes { bytes in
            nghttp2_session_mem_recv(session, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        if result < 0 { context.close(promise: nil) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        drain()
        let open = streams.values
        streams = [:]
        for stream in open {
            stream.isClosed = true
            stream.end(with: Status(code: .unavailable, message: "The connection to the server closed."))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func close() {
        context?.close(promise: nil)
    }

    /// No new call starts here; the connection closes once its calls are done.
    func drain() {
        guard !isDraining else { return }
        isDraining = true
        onDrain()
        if streams.isEmpty { close() }
    }

    private func ping() {
        guard let session else { return }
        if let sent = pingSentAt {
            let timeout = TimeAmount.nanoseconds(Int64(settings.keepaliveTimeout.components.seconds) * 1_000_000_000)
            if NIODeadline.now() - sent > timeout { return close() }
            return
        }
        pingSentAt = .now()
        nghttp2_submit_ping(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil)
        flush()
    }

    func pingAcknowledged() {
        pingSentAt = nil
    }

    // MARK: Calls (from the transport and the writer, on the event loop)

    /// Starts a call: its headers go out with the request's metadata.
    func open(_ stream: HTTP2ClientStream, metadata: Metadata) throws {
        guard !isDraining, let session else {
            throw RPCError(code: .unavailable, message: "The connection is shutting down; the call was not sent.")
        }
        var headers = HeaderList([
            (":method", "POST"), (":scheme", "http"), (":path", "/" + stream.descriptor.fullyQualifiedMethod),
            (":authority", settings.authority), ("content-type", "application/grpc"), ("te", "trailers"),
        ])
        metadata.appendHeaderFields(to: &headers)
        var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: NGHTTP2ClientCallbacks.readRequest)
        let id = headers.withNameValues { nghttp2_submit_request(session, nil, $0, $1, &provider, nil) }
        guard id > 0 else {
            throw RPCError(code: .unavailable, message: "nghttp2 refused stream creation (error \(id)); the call was not sent.")
        }
        stream.id = id
        streams[id] = stream
        scheduleFlush()
    }

    func send(message: [UInt8], on stream: HTTP2ClientStream) throws -> EventLoopFuture<Void>? {
        guard !stream.isClosed, !stream.isRequestFinished else { throw RPCError(code: .cancelled, message: "The call has ended.") }
        stream.outbound.append(message: message)
        resume(stream)
        scheduleFlush()
        return stream.outbound.backpressure(on: loop)
    }

    func finishRequest(of stream: HTTP2ClientStream) {
        guard !stream.isClosed, !stream.isRequestFinished else { return }
        stream.isRequestFinished = true
        resume(stream)
        scheduleFlush()
    }

    /// The caller is done with the call: a call still open is cancelled (RST_STREAM).
    func release(_ stream: HTTP2ClientStream) {
        guard !stream.isClosed, stream.id > 0, let session else { return }
        stream.isClosed = true
        stream.inbound?.finish()
        stream.inbound = nil
        credit(stream.flow.release(), on: stream.id)
        nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream.id, NGHTTP2_CANCEL.rawValue)
        scheduleFlush()
    }

    private func resume(_ stream: HTTP2ClientStream) {
        guard stream.id > 0, stream.outbound.isDeferred else { return }
        stream.outbound.isDeferred = false
        nghttp2_session_resume_data(session, stream.id)
    }

    func readRequest(on streamID: Int32, into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, flags: UnsafeMutablePointer<UInt32>) -> Int {
        guard let stream = streams[streamID] else { return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue) }
        let count = stream.outbound.take(into: buffer, capacity: capacity)
        if stream.outbound.count == 0 {
            if stream.isRequestFinished {
                flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
            } else if count == 0 {
                stream.outbound.isDeferred = true
                return Int(NGHTTP2_ERR_DEFERRED.rawValue)
            }
        }
        return count
    }

    /// A call took a message of `count` bytes on the wire.
    func taken(_ count: Int, of handle: HTTP2ClientStreamHandle) {
        if loop.inEventLoop {
            credit(handle.stream.flow.taken(count), on: handle.stream.id)
        } else {
            loop.execute { self.credit(handle.stream.flow.taken(count), on: handle.stream.id) }
        }
    }

    // MARK: Responses (called by nghttp2 from `channelRead`)

    func header(name: String, value: String, on streamID: Int32) {
        streams[streamID]?.responseHeaders.add(name, value)
    }

    func headersEnded(on streamID: Int32, endsStream: Bool) {
        guard let stream = streams[streamID], stream.inbound != nil else { return }
        let fields = stream.responseHeaders.fields
        stream.responseHeaders = HeaderList()
        if !stream.sawResponseHeaders {
            stream.sawResponseHeaders = true
            let status = fields.first { $0.name == ":status" }?.value ?? ""
            guard status == "200" else {
                return stream.end(with: Status(code: Self.code(httpStatus: status), message: "The server answered HTTP \(status)."))
            }
            guard let contentType = fields.first(where: { $0.name == "content-type" })?.value, contentType.hasPrefix("application/grpc")
            else {
                return stream.end(with: Status(code: .internalError, message: "The server answered without gRPC's content type."))
            }
            if !endsStream {
                stream.inbound?.yield(.metadata(Self.metadata(fields)))
                return
            }
        }
        // Trailers, or a trailers-only response.
        let code = fields.first { $0.name == "grpc-status" }.flatMap { Int($0.value) }.flatMap { Status.Code(rawValue: $0) }
        let message = fields.first { $0.name == "grpc-message" }.map { GRPCStatusMessage.decode($0.value) } ?? ""
        guard let code else {
            return stream.end(with: Status(code: .unknown, message: "The server's trailers had no grpc-status."))
        }
        if !stream.reader.isEmpty {
            return stream.end(with: Status(code: .internalError, message: "The response ended inside a message."))
        }
        stream.end(
            with: Status(code: code, message: message),
            metadata: Self.metadata(fields.filter { $0.name != "grpc-status" && $0.name != "grpc-message" }))
    }

    func data(_ bytes: UnsafeRawBufferPointer, on streamID: Int32) {
        guard let stream = streams[streamID] else { return credit(bytes.count, on: streamID) }
        do {
            try receive(bytes, on: streamID, reader: &stream.reader, flow: &stream.flow, to: stream.inbound, as: { .message($0) })
        } catch {
            stream.end(with: Status(code: Status.Code(error.code), message: error.message))
            release(stream)
        }
    }

    func streamClosed(_ streamID: Int32, errorCode: UInt32) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        stream.isClosed = true
        credit(stream.flow.release(), on: streamID)
        if stream.inbound != nil {
            stream.end(
                with: errorCode == NGHTTP2_REFUSED_STREAM.rawValue
                    ? Status(code: .unavailable, message: "The server refused stream \(streamID) (REFUSED_STREAM); the call was not processed.")
                    : Status(code: .unavailable, message: "The stream closed before the server's status (HTTP/2 error \(errorCode))."))
        }
        stream.outbound.fail(RPCError(code: .cancelled, message: "The call has ended."))
        if isDraining && streams.isEmpty { close() }
    }

    func goAwayReceived(lastStreamID: Int32) {
        drain()
    }

    private static func metadata(_ fields: [(name: String, value: String)]) -> Metadata {
        var metadata = Metadata()
        for (name, value) in fields where !name.hasPrefix(":") { metadata.addHeaderField(name: name, value: value) }
        return metadata
    }

    /// gRPC's mapping of an HTTP status that is not 200.
    private static func code(httpStatus: String) -> Status.Code {
        switch httpStatus {
        case "400": .internalError
        case "401": .unauthenticated
        case "403": .permissionDenied
        case "404": .unimplemented
        case "429", "502", "503", "504": .unavailable
        default: .unknown
        }
    }
}
