import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits on every connection's HTTP pipeline and replaces the bare response hummingbird-websocket writes
/// for a refused upgrade with the problem document the gateway recorded for that connection.
final class RefusedUpgradeResponder: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let refusals: RefusedUpgrades

    init(refusals: RefusedUpgrades) {
        self.refusals = refusals
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // hummingbird-websocket's refusal is an empty response (a 400 today, a 200 in later versions):
        // only a connection with a recorded refusal gets one, so matching the empty body is enough.
        guard case .head(let head) = unwrapOutboundIn(data), head.headerFields[.contentLength] == "0",
            let refusal = refusals.take(for: context.channel)
        else {
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
