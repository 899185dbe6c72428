import CNGHTTP2
import GRPCCore
import Logging
import Metrics
import NIOCore

/// One client connection: nghttp2 reads and writes its frames, and each stream becomes a call.
/// Everything here runs on the channel's event loop; code elsewhere reaches it through its
/// `HTTP2ServerConnectionHandle`.
final class HTTP2ServerConnection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    struct Limits: Sendable {
        var maxConcurrentStreams: Int
        var maxPayloadSize: Int
        /// SETTINGS_MAX_HEADER_LIST_SIZE: a request's header block, counted as RFC 9113 §6.5.2 does.
        var maxHeaderListSize: Int
        /// The server's methods by path, with their types: descriptors compare equal only with the same type.
        var methods: [String: MethodDescriptor]
    }

    let loop: any EventLoop
    let executor: EventLoopTaskExecutor
    let limits: Limits
    let logger: Logger
    let metrics: any MetricsFactory
    private let accept: @Sendable (IncomingCall) -> Void
    private let closed: @Sendable (ObjectIdentifier) -> Void
    var session: OpaquePointer?
    private(set) var context: ChannelHandlerContext?
    var streams: [Int32: HTTP2ServerStream] = [:]
    var flushScheduled = false
    /// nghttp2 gave up on the connection: it is closing, and nothing more is read or written.
    var hasFailed = false
    private var remotePeer = ""
    private var localPeer = ""

    init(
        loop: any EventLoop, limits: Limits, logger: Logger, metrics: any MetricsFactory, accept: @escaping @Sendable (IncomingCall) -> Void,
        closed: @escaping @Sendable (ObjectIdentifier) -> Void
    ) {
        self.loop = loop
        self.executor = EventLoopTaskExecutor(loop)
        self.limits = limits
        self.logger = logger
        self.metrics = metrics
        self.accept = accept
        self.closed = closed
    }

    // MARK: The channel

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        remotePeer = HTTP2Peer.describe(context.channel.remoteAddress)
        localPeer = HTTP2Peer.describe(context.channel.localAddress)
        session = makeSession(settings: [
            nghttp2_settings_entry(
                settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: UInt32(limits.maxConcurrentStreams)),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 1 << 20),
            nghttp2_settings_entry(
                settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue), value: UInt32(limits.maxHeaderListSize)),
        ])
        if context.channel.isActive { flush() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        nghttp2_session_del(session)
        session = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        flush()
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Closing already: what the peer sent after is not read.
        guard !hasFailed else { return }
        let buffer = unwrapInboundIn(data)
        let result = buffer.withUnsafeReadableBytes { bytes in
            nghttp2_session_mem_recv(session, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        if result < 0 { fail(Int32(truncatingIfNeeded: result)) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        let open = streams.values
        streams = [:]
        for stream in open {
            stream.isClosed = true
            stream.deadline?.cancel()
            stream.fail(RPCError(code: .unavailable, message: "The connection closed."))
        }
        closed(ObjectIdentifier(self))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Tells the client no new streams are taken, and the calls in flight (through their RPC
    /// cancellation handle, as grpc-swift's own transport does) that they should end; the connection
    /// closes when its streams are done.
    func goAway() {
        guard let session else { return }
        for stream in streams.values { stream.cancellation?.cancel() }
        check(
            nghttp2_submit_goaway(
                session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nghttp2_session_get_last_proc_stream_id(session),
                NGHTTP2_NO_ERROR.rawValue, nil, 0), "submit_goaway")
        flush()
    }

    func close() {
        context?.close(promise: nil)
    }

    // MARK: Requests (called by nghttp2 from `channelRead`)

    func beginHeaders(on streamID: Int32) {
        streams[streamID] = HTTP2ServerStream(id: streamID, maxPayloadSize: limits.maxPayloadSize)
    }

    func header(name: String, value: String, on streamID: Int32) {
        guard let stream = streams[streamID], !stream.isHeaderListTooLarge else { return }
        stream.headerListSize += name.utf8.count + value.utf8.count + 32
        if stream.headerListSize > limits.maxHeaderListSize {
            // Nothing more is kept; the request is refused once its block ends (nghttp2 must still decode it).
            stream.isHeaderListTooLarge = true
            stream.requestHeaders = HeaderList()
        } else {
            stream.requestHeaders.add(name, value)
        }
    }

    func requestHeadersEnded(on streamID: Int32) {
        guard let stream = streams[streamID] else { return }
        guard !stream.isHeaderListTooLarge else {
            return reject(stream, headers: HeaderList([(":status", "431")]))
        }
        var metadata = Metadata()
        var method = "", path = "", contentType = "", encoding = "identity"
        var timeout: Duration?
        for (name, value) in stream.requestHeaders.fields {
            switch name {
            case ":method": method = value
            case ":path": path = value
            case "content-type": contentType = value
            case "grpc-encoding": encoding = value
            case GRPCTimeout.key:
                // Kept under another name: with `grpc-timeout` in its metadata, grpc-swift's executor
                // would start a task and a dispatch timer for the call (about 45 µs of CPU each).
                timeout = GRPCTimeout.duration(value)
                if timeout != nil { metadata.addString(value, forKey: GRPCTimeout.enforcedKey) }
                continue
            case GRPCTimeout.enforcedKey: continue  // only this transport sets it
            default: break
            }
            metadata.addHeaderField(name: name, value: value)
        }
        stream.requestHeaders = HeaderList()
        guard contentType.hasPrefix("application/grpc") else {
            return reject(stream, headers: HeaderList([(":status", "415")]))
        }
        guard method == "POST" else {
            return reject(stream, status: Status(code: .invalidArgument, message: ":method must be POST."))
        }
        guard encoding == "identity" else {
            return reject(
                stream, status: Status(code: .unimplemented, message: "\(encoding) compression is not supported."),
                extra: [("grpc-accept-encoding", "identity")])
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard path.hasPrefix("/"), parts.count == 2 else {
            return reject(stream, status: Status(code: .unimplemented, message: "No method at path \(path)."))
        }
        let (inbound, continuation) = AsyncThrowingStream<RPCRequestPart<[UInt8]>, any Error>.makeStream()
        continuation.yield(.metadata(metadata))
        stream.inbound = continuation
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            // Eight digits of hours (the header's most) overflow nanoseconds: a year is as good as never.
            let limit: TimeAmount =
                seconds > 365 * 24 * 3600 ? .hours(365 * 24) : .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            stream.deadline = loop.assumeIsolated().scheduleTask(in: limit) { self.deadlinePassed(on: streamID) }
        }
        let handle = HTTP2ServerConnectionHandle(self)
        accept(
            IncomingCall(
                descriptor: limits.methods[path] ?? MethodDescriptor(fullyQualifiedService: String(parts[0]), method: String(parts[1])),
                inbound: InboundParts(
                    parts: inbound, size: { if case .message(let message) = $0 { message.count + 5 } else { 0 } },
                    taken: { count in handle.execute { $0.taken(count, on: streamID) } }),
                connection: handle, streamID: streamID, remotePeer: remotePeer, localPeer: localPeer))
    }

    func data(_ bytes: UnsafeRawBufferPointer, on streamID: Int32) {
        guard let stream = streams[streamID] else { return credit(bytes.count, on: streamID) }
        do {
            try receive(bytes, on: stream)
        } catch {
            stream.fail(error)
            respond(on: stream, status: Status(code: Status.Code(error.code), message: error.message), metadata: [:])
        }
    }

    /// A call took a message of `count` bytes on the wire.
    func taken(_ count: Int, on streamID: Int32) {
        credit(streams[streamID]?.flow.taken(count) ?? 0, on: streamID)
    }

    func requestEnded(on streamID: Int32) {
        guard let stream = streams[streamID], let inbound = stream.inbound else { return }
        stream.inbound = nil
        if stream.reader.isEmpty {
            inbound.finish()
        } else {
            inbound.finish(throwing: RPCError(code: .internalError, message: "The request ended inside a message."))
        }
    }

    func streamClosed(_ streamID: Int32, errorCode: UInt32) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        stream.isClosed = true
        stream.deadline?.cancel()
        credit(stream.flow.release(), on: streamID)
        if stream.inbound != nil || !stream.isResponseEnded {
            stream.fail(RPCError(code: .cancelled, message: "The client cancelled the call."))
        }
    }

    /// The call's time limit ran out: it fails with DEADLINE_EXCEEDED, as gRPC's other servers answer,
    /// and the handler is told to stop (what it writes from now on is refused).
    private func deadlinePassed(on streamID: Int32) {
        guard let stream = streams[streamID], !stream.isClosed, !stream.isStatusWritten else { return }
        stream.isPastDeadline = true
        stream.fail(RPCError(code: .deadlineExceeded, message: "The call's time limit passed."))
        respond(on: stream, status: Status(code: .deadlineExceeded, message: "Deadline exceeded."), metadata: [:])
    }
}
