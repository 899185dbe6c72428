import CNGHTTP2
import GRPCCore
import NIOCore

/// One client connection: nghttp2 reads and writes its frames, and each stream becomes a call.
/// Everything here runs on the channel's event loop; `perform` brings a handler's writes there.
final class HTTP2ServerConnection: ChannelInboundHandler, NGHTTP2Connection, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    struct Limits: Sendable {
        var maxConcurrentStreams: Int
        var maxPayloadSize: Int
        /// The server's methods by path, with their types: descriptors compare equal only with the same type.
        var methods: [String: MethodDescriptor]
    }

    let loop: any EventLoop
    let executor: EventLoopTaskExecutor
    private let limits: Limits
    private let accept: @Sendable (IncomingCall) -> Void
    private let closed: @Sendable (HTTP2ServerConnection) -> Void
    private(set) var session: OpaquePointer?
    private(set) var context: ChannelHandlerContext?
    private var streams: [Int32: HTTP2ServerStream] = [:]
    var flushScheduled = false
    private var remotePeer = ""
    private var localPeer = ""

    init(
        loop: any EventLoop, limits: Limits, accept: @escaping @Sendable (IncomingCall) -> Void,
        closed: @escaping @Sendable (HTTP2ServerConnection) -> Void
    ) {
        self.loop = loop
        self.executor = EventLoopTaskExecutor(loop)
        self.limits = limits
        self.accept = accept
        self.closed = closed
    }

    // MARK: The channel

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        remotePeer = HTTP2Peer.describe(context.channel.remoteAddress)
        localPeer = HTTP2Peer.describe(context.channel.localAddress)
        session = makeSession(
            server: true, install: NGHTTP2ServerCallbacks.install,
            settings: [
                nghttp2_settings_entry(
                    settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: UInt32(limits.maxConcurrentStreams)),
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 1 << 20),
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
        let buffer = unwrapInboundIn(data)
        let result = buffer.withUnsafeReadableBytes { bytes in
            nghttp2_session_mem_recv(session, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        if result < 0 {
            flush()
            context.close(promise: nil)
        }
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
        closed(self)
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
        nghttp2_submit_goaway(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nghttp2_session_get_last_proc_stream_id(session),
            NGHTTP2_NO_ERROR.rawValue, nil, 0)
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
        streams[streamID]?.requestHeaders.add(name, value)
    }

    func requestHeadersEnded(on streamID: Int32) {
        guard let stream = streams[streamID] else { return }
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
            stream.deadline = loop.scheduleTask(in: limit) { [self] in deadlinePassed(on: streamID) }
        }
        accept(
            IncomingCall(
                descriptor: limits.methods[path] ?? MethodDescriptor(fullyQualifiedService: String(parts[0]), method: String(parts[1])),
                inbound: InboundParts(
                    parts: inbound, size: { if case .message(let message) = $0 { message.count + 5 } else { 0 } },
                    taken: { [self] in taken($0, on: streamID) }),
                connection: self, streamID: streamID, remotePeer: remotePeer, localPeer: localPeer))
    }

    func data(_ bytes: UnsafeRawBufferPointer, on streamID: Int32) {
        guard let stream = streams[streamID] else { return credit(bytes.count, on: streamID) }
        do {
            try receive(bytes, on: streamID, reader: &stream.reader, flow: &stream.flow, to: stream.inbound, as: { .message($0) })
        } catch {
            stream.fail(error)
            respond(on: stream, status: Status(code: Status.Code(error.code), message: error.message), metadata: [:])
        }
    }

    /// A call took a message of `count` bytes on the wire.
    func taken(_ count: Int, on streamID: Int32) {
        if loop.inEventLoop {
            credit(streams[streamID]?.flow.taken(count) ?? 0, on: streamID)
        } else {
            loop.execute { self.credit(self.streams[streamID]?.flow.taken(count) ?? 0, on: streamID) }
        }
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

    private func reject(_ stream: HTTP2ServerStream, status: Status, extra: [(String, String)] = []) {
        var headers = HeaderList([(":status", "200"), ("content-type", "application/grpc")])
        for (name, value) in extra { headers.add(name, value) }
        Self.addStatus(status, to: &headers)
        reject(stream, headers: headers)
    }

    private func reject(_ stream: HTTP2ServerStream, headers: HeaderList) {
        stream.isStatusWritten = true
        stream.isResponseEnded = true
        stream.responseSubmitted = true
        headers.withNameValues { _ = nghttp2_submit_response(session, stream.id, $0, $1, nil) }
    }

    /// The call's time limit ran out: it fails with DEADLINE_EXCEEDED, as gRPC's other servers answer,
    /// and the handler is told to stop (what it writes from now on is refused).
    private func deadlinePassed(on streamID: Int32) {
        guard let stream = streams[streamID], !stream.isClosed, !stream.isStatusWritten else { return }
        stream.isPastDeadline = true
        stream.fail(RPCError(code: .deadlineExceeded, message: "The call's time limit passed."))
        respond(on: stream, status: Status(code: .deadlineExceeded, message: "Deadline exceeded."), metadata: [:])
    }

    // MARK: Responses (called by the writer, on the event loop)

    func attach(_ handle: ServerContext.RPCCancellationHandle, to streamID: Int32) {
        if let stream = streams[streamID], !stream.isClosed, !stream.isPastDeadline {
            stream.cancellation = handle
        } else {
            handle.cancel()
        }
    }

    /// Takes one part of a response; returns what the writer must wait for before the next when the
    /// client reads slower than the handler writes.
    func send(_ part: RPCResponsePart<[UInt8]>, on streamID: Int32) throws -> EventLoopFuture<Void>? {
        guard let stream = streams[streamID], !stream.isClosed, !stream.isStatusWritten else {
            throw RPCError(code: .cancelled, message: "The call has ended.")
        }
        switch part {
        case .metadata(let metadata):
            stream.responseMetadata = metadata
        case .message(let message):
            submitHeaders(of: stream)
            stream.outbound.append(message: message)
            resume(stream)
            scheduleFlush()
            return stream.outbound.backpressure(on: loop)
        case .status(let status, let metadata):
            respond(on: stream, status: status, metadata: metadata)
        }
        scheduleFlush()
        return nil
    }

    func endResponse(on streamID: Int32, failed: Bool) {
        guard let stream = streams[streamID], !stream.isClosed else { return }
        if failed || !stream.isStatusWritten {
            nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), streamID, NGHTTP2_INTERNAL_ERROR.rawValue)
            scheduleFlush()
        }
    }

    private func respond(on stream: HTTP2ServerStream, status: Status, metadata: Metadata) {
        stream.isStatusWritten = true
        stream.deadline?.cancel()
        // The handler is done: whatever the client still sends is read and dropped.
        stream.inbound?.finish()
        stream.inbound = nil
        credit(stream.flow.release(), on: stream.id)
        var trailers = HeaderList()
        if !stream.responseSubmitted {
            // Trailers-only: one HEADERS frame ends the stream.
            trailers = HeaderList([(":status", "200"), ("content-type", "application/grpc")])
            stream.responseMetadata?.appendHeaderFields(to: &trailers)
        }
        Self.addStatus(status, to: &trailers)
        metadata.appendHeaderFields(to: &trailers)
        if stream.responseSubmitted {
            stream.trailers = trailers
            resume(stream)
        } else {
            stream.responseSubmitted = true
            stream.isResponseEnded = true
            trailers.withNameValues { _ = nghttp2_submit_response(session, stream.id, $0, $1, nil) }
        }
        scheduleFlush()
    }

    private func submitHeaders(of stream: HTTP2ServerStream) {
        guard !stream.responseSubmitted else { return }
        stream.responseSubmitted = true
        var headers = HeaderList([(":status", "200"), ("content-type", "application/grpc")])
        stream.responseMetadata?.appendHeaderFields(to: &headers)
        var provider = nghttp2_data_provider(
            source: nghttp2_data_source(ptr: nil), read_callback: NGHTTP2ServerCallbacks.readResponse)
        headers.withNameValues { _ = nghttp2_submit_response(session, stream.id, $0, $1, &provider) }
    }

    private func resume(_ stream: HTTP2ServerStream) {
        if stream.outbound.isDeferred {
            stream.outbound.isDeferred = false
            nghttp2_session_resume_data(session, stream.id)
        }
    }

    /// nghttp2 asks for the next DATA bytes of a response; the trailers go out once they are all sent.
    func readResponse(
        on streamID: Int32, into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, flags: UnsafeMutablePointer<UInt32>
    ) -> Int {
        guard let stream = streams[streamID] else { return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue) }
        let count = stream.outbound.take(into: buffer, capacity: capacity)
        if stream.outbound.count == 0 {
            if let trailers = stream.trailers {
                flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue | NGHTTP2_DATA_FLAG_NO_END_STREAM.rawValue
                trailers.withNameValues { _ = nghttp2_submit_trailer(session, streamID, $0, $1) }
                stream.trailers = nil
                stream.isResponseEnded = true
            } else if count == 0 {
                stream.outbound.isDeferred = true
                return Int(NGHTTP2_ERR_DEFERRED.rawValue)
            }
        }
        return count
    }

    private static func addStatus(_ status: Status, to headers: inout HeaderList) {
        headers.add("grpc-status", String(status.code.rawValue))
        if !status.message.isEmpty { headers.add("grpc-message", GRPCStatusMessage.encode(status.message)) }
    }

}
