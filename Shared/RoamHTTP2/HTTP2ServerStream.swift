import GRPCCore
import NIOCore

/// One HTTP/2 stream carrying one call, on its connection's event loop only.
final class HTTP2ServerStream {
    typealias Bytes = [UInt8]
    typealias InboundContinuation = AsyncThrowingStream<RPCRequestPart<Bytes>, any Error>.Continuation

    let id: Int32
    var requestHeaders = HeaderList()
    /// The request's header block so far, counted as SETTINGS_MAX_HEADER_LIST_SIZE is (RFC 9113 §6.5.2).
    var headerListSize = 0
    var isHeaderListTooLarge = false
    var reader: GRPCMessageReader
    var flow = InboundFlow()
    /// Set once the call is handed to a handler.
    var inbound: InboundContinuation?
    var cancellation: ServerContext.RPCCancellationHandle?
    /// When the call's `grpc-timeout` runs out.
    var deadline: Scheduled<Void>?
    var isPastDeadline = false
    /// The peer reset the stream or the connection went away: nothing more is sent.
    var isClosed = false

    /// The response's headers, not yet submitted (they go out with the first message or the status).
    var responseMetadata: Metadata?
    var responseSubmitted = false
    /// The status was written: nothing more may be.
    var isStatusWritten = false
    /// The status is submitted to nghttp2: the call has nothing more to send.
    var isResponseEnded = false
    var outbound = OutboundBytes()
    /// The trailers, once the status is written; submitted when the last DATA is taken.
    var trailers: HeaderList?

    init(id: Int32, maxPayloadSize: Int) {
        self.id = id
        self.reader = GRPCMessageReader(maxPayloadSize: maxPayloadSize)
    }

    /// Ends the inbound side and the call with an error the handler sees.
    func fail(_ error: any Error) {
        inbound?.finish(throwing: error)
        inbound = nil
        cancellation?.cancel()
        outbound.fail(error)
    }
}
