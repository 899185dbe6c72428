import CNGHTTP2
import GRPCCore
import NIOCore

/// What a call sends back, on the event loop: headers with the first message, DATA as nghttp2 asks
/// for it, and the status in trailers (or alone, trailers-only).
extension HTTP2ServerConnection {
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
            reset(stream.id)
        }
    }

    func reject(_ stream: HTTP2ServerStream, status: Status, extra: [(String, String)] = []) {
        var headers = HeaderList([(":status", "200"), ("content-type", "application/grpc")])
        for (name, value) in extra { headers.add(name, value) }
        Self.addStatus(status, to: &headers)
        reject(stream, headers: headers)
    }

    func reject(_ stream: HTTP2ServerStream, headers: HeaderList) {
        stream.isStatusWritten = true
        stream.isResponseEnded = true
        stream.responseSubmitted = true
        submitResponse(headers, on: stream.id, body: nil)
    }

    func respond(on stream: HTTP2ServerStream, status: Status, metadata: Metadata) {
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
            submitResponse(trailers, on: stream.id, body: nil)
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
        submitResponse(headers, on: stream.id, body: &provider)
    }

    /// A response nghttp2 refuses (the stream is gone, a header it will not send) ends the stream.
    private func submitResponse(_ headers: HeaderList, on streamID: Int32, body: UnsafePointer<nghttp2_data_provider>?) {
        let result = headers.withNameValues { nghttp2_submit_response(session, streamID, $0, $1, body) }
        if !check(result, "submit_response") { reset(streamID) }
    }

    private func reset(_ streamID: Int32) {
        check(nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), streamID, NGHTTP2_INTERNAL_ERROR.rawValue), "submit_rst_stream")
        scheduleFlush()
    }

    private func resume(_ stream: HTTP2ServerStream) {
        if stream.outbound.isDeferred {
            stream.outbound.isDeferred = false
            check(nghttp2_session_resume_data(session, stream.id), "resume_data")
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
                let result = trailers.withNameValues { nghttp2_submit_trailer(session, streamID, $0, $1) }
                if !check(result, "submit_trailer") { reset(streamID) }
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
