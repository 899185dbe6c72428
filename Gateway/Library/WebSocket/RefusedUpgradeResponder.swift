import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits on every connection's HTTP pipeline and replaces the bare `400` hummingbird-websocket writes
/// for a refused upgrade with the problem document the gateway recorded for that connection.
final class RefusedUpgradeResponder: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let refusals: RefusedUpgrades

    init(refusals: RefusedUpgrades) {
        self.refusals = refusals
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(let head) = unwrapOutboundIn(data), head.status == .badRequest,
              let refusal = refusals.take(for: context.channel) else {
            context.write(data, promise: promise)
            return
        }
        var response = HTTPResponse(status: refusal.status, headerFields: refusal.headers)
        response.headerFields[.contentLength] = String(refusal.body.readableBytes)
        response.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(refusal.body)), promise: promise)
    }
}
