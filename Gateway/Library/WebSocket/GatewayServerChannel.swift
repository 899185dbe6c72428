import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The gateway's connections: HTTP/1.1 with the WebSocket upgrade (hummingbird-websocket), plus an
/// answer to request heads the HTTP parser refuses (a header line without a colon, a folded line).
/// hummingbird-websocket's upgrade pipeline leaves those unanswered and the connection open, so a
/// client could hold connections forever.
struct GatewayServerChannel: ServerChildChannel {
    let upgrade: HTTP1WebSocketUpgradeChannel

    static func builder(router: Router<GatewayRequestContext>, configuration: HTTP1WebSocketUpgradeChannel.Configuration) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        return HTTPServerBuilder { responder in
            GatewayServerChannel(upgrade: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                       configuration: configuration))
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        upgrade.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnparseableRequestResponder())
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await upgrade.handle(value: value, logger: logger)
    }
}

/// Answers `400 Bad Request` and closes the connection when the HTTP parser fails; passes everything
/// else on untouched (it stays in the pipeline after an upgrade, where WebSocket frames pass through).
final class UnparseableRequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let head = HTTPResponseHead(version: .http1_1, status: .badRequest, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}
