import GRPCCore

/// A call whose headers have arrived, handed from its connection to the transport's task group.
struct IncomingCall: Sendable {
    let descriptor: MethodDescriptor
    let inbound: InboundParts<RPCRequestPart<[UInt8]>>
    let connection: HTTP2ServerConnectionHandle
    let streamID: Int32
    let remotePeer: String
    let localPeer: String

    func run(
        _ handler:
            @escaping @Sendable (RPCStream<NGHTTP2ServerTransport.Inbound, NGHTTP2ServerTransport.Outbound>, ServerContext) async ->
            Void
    ) async {
        await withServerContextRPCCancellationHandle { handle in
            try? await connection.perform { [streamID] in $0.attach(handle, to: streamID) }
            let stream = RPCStream(
                descriptor: descriptor, inbound: RPCAsyncSequence(wrapping: inbound),
                outbound: RPCWriter.Closable(wrapping: HTTP2ServerStreamWriter(connection: connection, streamID: streamID)))
            await handler(
                stream, ServerContext(descriptor: descriptor, remotePeer: remotePeer, localPeer: localPeer, cancellation: handle))
        }
    }
}
