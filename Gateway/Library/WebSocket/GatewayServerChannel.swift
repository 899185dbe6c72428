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
/// Before any of that, a connection from an address holding too many is closed, and one whose first
/// request head is slow to arrive (`ConnectionLimits`).
struct GatewayServerChannel: ServerChildChannel {
    let upgrade: HTTP1WebSocketUpgradeChannel
    let limits: ConnectionLimits
    let connections: ConnectionsPerAddress
    let trustedProxies: TrustedProxies

    static func builder(
        router: Router<GatewayRequestContext>, configuration: HTTP1WebSocketUpgradeChannel.Configuration, limits: ConnectionLimits,
        trustedProxies: TrustedProxies
    ) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        let connections = ConnectionsPerAddress(limit: limits.perAddress)
        return HTTPServerBuilder { responder in
            GatewayServerChannel(
                upgrade: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: configuration),
                limits: limits, connections: connections, trustedProxies: trustedProxies)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(
                AddressConnectionCap(connections: connections, trustedProxies: trustedProxies), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let headerTimeout = limits.headerTimeout
        return upgrade.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(UnparseableRequestResponder())
            // Right after the decoder, so it sees the first head before the upgrade handler takes it.
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(FirstRequestDeadline(within: headerTimeout), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await upgrade.handle(value: value, logger: logger)
    }
}
