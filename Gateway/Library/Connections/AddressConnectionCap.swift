import Metrics
import NIOCore

/// Closes a new connection at once when its address already holds as many as it may: without a cap one
/// client could hold every descriptor the gateway has. A connection from a trusted proxy carries many
/// clients and is not counted (the proxy limits its own).
final class AddressConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connections: ConnectionsPerAddress
    private let trustedProxies: TrustedProxies
    private var counted: String?

    init(connections: ConnectionsPerAddress, trustedProxies: TrustedProxies) {
        self.connections = connections
        self.trustedProxies = trustedProxies
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard counted == nil, let address = context.channel.remoteAddress?.ipAddress, !trustedProxies.isProxy(address) else { return }
        if connections.enter(address) {
            counted = address
        } else {
            Counter(label: "roam_gateway_connections_refused_total", dimensions: [("reason", "address_cap")]).increment()
            context.close(promise: nil)
        }
    }

    private func release() {
        guard let address = counted else { return }
        counted = nil
        connections.leave(address)
    }
}
