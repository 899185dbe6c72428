import Metrics
import NIOCore
import NIOHTTP1

/// Closes a connection whose first request head is not in whole `within` of connecting: one that sends
/// nothing, or trickles its headers. It sits right after the HTTP decoder and leaves the pipeline with
/// that head: from there Hummingbird's idle timeout watches an HTTP connection, and a WebSocket's pings
/// an upgraded one (before the head chose between them, neither is there yet).
final class FirstRequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let within: TimeAmount
    private var deadline: Scheduled<Void>?

    init(within: Duration) {
        self.within = TimeAmount(within)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        deadline?.cancel()
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let channel = context.channel
        deadline = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: within) {
            Counter(label: "roam_gateway_connections_refused_total", dimensions: [("reason", "header_timeout")]).increment()
            channel.close(promise: nil)
        }
    }
}
