#if !canImport(Darwin)
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

extension WebSocketConnection {
    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused(NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>)
    }

    /// Written on NIO's typed upgrade rather than taken from websocket-kit: that drops the close frame's
    /// reason, which tells SLOW_CONSUMER (connect again) from TOO_MANY_STREAMS (do not), both 4429.
    static func open(_ url: URL, headers fields: [(String, String)]) async throws -> WebSocketOpening {
        guard let host = url.host else { throw RoamClientError.invalidLink(url.absoluteString) }
        let secure = url.scheme == "https" || url.scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let target = url.path + (url.query.map { "?\($0)" } ?? "")
        var headers = HTTPHeaders([("Host", url.port.map { "\(host):\($0)" } ?? host), ("Content-Length", "0")])
        headers.add(contentsOf: fields)
        let tls = secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: host)) }
                let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: largestFrame) { channel, _ in
                    channel.eventLoop.makeCompletedFuture { .upgraded(try NIOAsyncChannel(wrappingChannelSynchronously: channel)) }
                }
                let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                    upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers), upgraders: [upgrader]
                ) { channel in
                    channel.eventLoop.makeCompletedFuture { .refused(try NIOAsyncChannel(wrappingChannelSynchronously: channel)) }
                }
                return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                    configuration: .init(upgradeConfiguration: configuration))
            }
        }
        switch try await upgrade.get() {
        case .refused(let channel): return try await refusal(channel)
        case .upgraded(let channel): return .open(events(of: channel))
        }
    }

    private static func refusal(_ channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>) async throws -> WebSocketOpening {
        try await channel.executeThenClose { inbound, _ in
            var status = 0
            var body = Data()
            for try await part in inbound {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(let bytes): body.append(contentsOf: bytes.readableBytesView.prefix(1 << 20))
                case .end: return .refused(status: status, body: body)
                }
            }
            return .refused(status: status, body: body)
        }
    }

    private static func events(of channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>) -> AsyncThrowingStream<WebSocketEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketEvent.self)
        let reader = Task {
            do {
                try await channel.executeThenClose { inbound, outbound in
                    var text = ByteBuffer()
                    for try await frame in inbound {
                        switch frame.opcode {
                        case .text, .continuation:
                            var data = frame.unmaskedData
                            text.writeBuffer(&data)
                            guard frame.fin else { continue }
                            continuation.yield(.text(String(buffer: text)))
                            text.clear()
                        case .ping:
                            // A client's frames are masked (RFC 6455 5.3).
                            try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
                        case .connectionClose:
                            var data = frame.unmaskedData
                            let code = data.readWebSocketErrorCode().map { Int(UInt16(webSocketErrorCode: $0)) } ?? 1005
                            let reason = data.readString(length: data.readableBytes) ?? ""
                            try? await outbound.write(
                                WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer(integer: UInt16(1000))))
                            continuation.yield(.closed(code: code, reason: reason))
                            return
                        default:
                            continue
                        }
                    }
                    continuation.yield(.closed(code: 1006, reason: ""))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }
}
#endif
