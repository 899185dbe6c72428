import Metrics
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body arrives slower than `minimumRate` bytes a second once `grace`
/// has passed since its head (Kestrel's rule, 240 bytes/s after 5 s): a slow mobile upload keeps going,
/// a body trickled a byte at a time to hold the connection does not. The gap between two reads is
/// bounded by Hummingbird's idle timeout as well.
final class SlowBodyGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let minimumRate: Double
    private let grace: TimeAmount
    private var started: NIODeadline?
    private var received = 0
    private var check: Scheduled<Void>?

    init(minimumRate: Int, grace: Duration) {
        self.minimumRate = Double(minimumRate)
        self.grace = TimeAmount(grace)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            started = .now()
            received = 0
            if minimumRate > 0 { schedule(context) }
        case .body(let bytes):
            received += bytes.readableBytes
        case .end:
            stop()
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func stop() {
        started = nil
        check?.cancel()
        check = nil
    }

    /// Looks once a second while the body is being read.
    private func schedule(_ context: ChannelHandlerContext) {
        check?.cancel()
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        check = loop.scheduleTask(in: .seconds(1)) { [self] in
            guard let started else { return }
            let counting = NIODeadline.now() - started - grace
            if counting > .zero && Double(received) < minimumRate * Double(counting.nanoseconds) / 1e9 {
                Counter(label: "roam_gateway_connections_refused_total", dimensions: [("reason", "slow_body")]).increment()
                stop()
                context.close(promise: nil)
            } else {
                schedule(context)
            }
        }
    }
}
