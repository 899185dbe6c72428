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
            GatewayServerChannel(
                upgrade: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
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
