import GRPCCore
import NIOCore

/// One call a client connection carries, on the connection's event loop only.
final class HTTP2ClientStream {
    typealias InboundContinuation = AsyncThrowingStream<RPCResponsePart<[UInt8]>, any Error>.Continuation

    let descriptor: MethodDescriptor
    /// nghttp2's id once the request's headers are submitted.
    var id: Int32 = -1
    var inbound: InboundContinuation?
    var reader: GRPCMessageReader
    var flow = InboundFlow()
    var responseHeaders = HeaderList()
    var sawResponseHeaders = false
    var outbound = OutboundBytes()
    var isRequestFinished = false
    var isClosed = false

    init(descriptor: MethodDescriptor, inbound: InboundContinuation, maxPayloadSize: Int) {
        self.descriptor = descriptor
        self.inbound = inbound
        self.reader = GRPCMessageReader(maxPayloadSize: maxPayloadSize)
    }

    /// Ends the response side with a status the caller sees (after which nothing more is read).
    func end(with status: Status, metadata: Metadata = [:]) {
        inbound?.yield(.status(status, metadata))
        inbound?.finish()
        inbound = nil
        outbound.fail(RPCError(code: .cancelled, message: "The call has ended."))
    }
}
