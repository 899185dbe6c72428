import GRPCCore
import GRPCNIOTransportHTTP2
import MetricsTestKit
import RoamHTTP2
import Testing

/// A hostile or broken peer against the services' server (`NGHTTP2ServerTransport`), frame by frame:
/// each attack is answered as RFC 9113 says, the server keeps only what its limits allow, and a
/// well-behaved client on another connection is served all the while.
@Suite struct HTTP2AttackTests {
    /// What the servers count (`roam_http2_connection_failures_total`), for each test alone.
    private let metrics = TestMetrics()

    /// Not HTTP/2 at all: a connection error (RFC 9113 §3.4), so the connection closes, and is counted.
    @Test func aBadPrefaceClosesTheConnection() async throws {
        try await withServer { port, _ in
            let closed = try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.send(Array("GET / HTTP/1.1\r\nHost: roam\r\n\r\n".utf8))
                _ = try await inbound.untilClosed()
                return inbound.isClosed
            }
            #expect(closed)
            #expect(try failures("bad_preface") == 1)
        }
    }

    /// A header block larger than the server's SETTINGS_MAX_HEADER_LIST_SIZE: that request is refused
    /// with 431 (RFC 9113 §10.5.1) and the connection goes on.
    @Test func aHeaderListOverTheLimitIsRefusedAlone() async throws {
        try await withServer { port, _ in
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                let settings = try #require(await inbound.first { $0.type == .settings && $0.flags & HTTP2Frame.ack == 0 })
                let limit = try #require(settings.setting(0x6), "the server advertises SETTINGS_MAX_HEADER_LIST_SIZE")
                let fields = HTTP2Frame.callFields("/roam.test.Echo/Get") + [("x-big", String(repeating: "a", count: Int(limit)))]
                await peer.send(HTTP2Frame.headerBlock(fields, stream: 1, endStream: true).flatMap(\.bytes))
                let answer = try #require(await inbound.first { $0.stream == 1 && $0.type == .headers })
                #expect(answer.field(":status") == "431")
                await peer.send(
                    HTTP2Frame.call("/roam.test.Echo/Get", stream: 3).bytes + HTTP2Frame.message(Array("hi".utf8), stream: 3, endStream: true).bytes)
                let next = try #require(await inbound.first { $0.stream == 3 && $0.type == .headers && $0.flags & HTTP2Frame.endStream != 0 })
                #expect(next.field("grpc-status") == "0")
            }
        }
    }

    /// CVE-2023-44487 ("rapid reset"): streams opened and cancelled at once, thousands of times, cost
    /// the client nothing and the server a call each. Past the reset rate the server sends GOAWAY and
    /// takes no more streams, and only calls in that budget could reach a handler.
    @Test func aRapidResetFloodEndsTheConnection() async throws {
        try await withServer { port, service in
            let goAway = try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                var flood: [UInt8] = []
                for index in 0..<5_000 {
                    let stream = UInt32(2 * index + 1)
                    flood += HTTP2Frame.call("/roam.test.Echo/Update", stream: stream).bytes
                    flood += HTTP2Frame.rstStream(stream, .cancel).bytes
                }
                await peer.send(flood)
                return try await inbound.first { $0.type == .goAway }
            }
            // The server stopped taking streams about 1,000 in, not at the flood's 5,000th (stream 9,999).
            let last = try #require(goAway?.lastStreamID)
            #expect(last < 2 * 1_500)
            #expect(service.started.load(ordering: .relaxed) <= 1_500)
        }
    }

    /// A WINDOW_UPDATE that takes a window past 2^31-1 is a flow-control error (RFC 9113 §6.9.1): of
    /// the stream on a stream, of the connection on stream 0.
    @Test func aWindowOverflowIsAFlowControlError() async throws {
        try await withServer { port, _ in
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                await peer.send(HTTP2Frame.call("/roam.test.Echo/Update", stream: 1).bytes + HTTP2Frame.windowUpdate(1, increment: 0x7FFF_FFFF).bytes)
                let reset = try #require(await inbound.first { $0.type == .rstStream && $0.stream == 1 })
                #expect(reset.errorCode == .flowControlError)
                await peer.send(HTTP2Frame.windowUpdate(0, increment: 0x7FFF_FFFF).bytes)
                let goAway = try await inbound.untilClosed()
                #expect(goAway?.errorCode == .flowControlError)
            }
        }
    }

    /// DATA after the client ended its side of a stream is a STREAM_CLOSED error (RFC 9113 §5.1).
    @Test func dataOnAClosedStreamIsAStreamClosedError() async throws {
        try await withServer { port, _ in
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                // One write, so the server reads both before the call can end its side and forget the stream.
                await peer.send(
                    HTTP2Frame.call("/roam.test.Echo/Update", stream: 1, endStream: true).bytes
                        + HTTP2Frame.message(Array("late".utf8), stream: 1).bytes)
                let refusal = try #require(await inbound.first { ($0.type == .rstStream && $0.stream == 1) || $0.type == .goAway })
                #expect(refusal.errorCode == .streamClosed)
            }
        }
    }

    /// A message whose length prefix is over the server's limit ends its call with RESOURCE_EXHAUSTED
    /// as soon as the prefix arrives: the server does not wait for (or keep) the bytes.
    @Test func aMessageOverTheLimitEndsItsCallAtItsPrefix() async throws {
        try await withServer { port, _ in
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                await peer.send(
                    HTTP2Frame.call("/roam.test.Echo/Collect", stream: 1).bytes
                        + HTTP2Frame.message(Array(repeating: 7, count: 1_000), declaring: 64 << 20, stream: 1).bytes)
                let trailers = try #require(await inbound.first { $0.stream == 1 && $0.type == .headers && $0.field("grpc-status") != nil })
                #expect(trailers.field("grpc-status") == String(Status.Code.resourceExhausted.rawValue))
            }
        }
    }

    /// CVE-2024-28182 ("CONTINUATION flood"): a header block that never ends. nghttp2
    /// stops it after a few frames with GOAWAY, long before the flood is sent, so nothing piles up.
    @Test func aContinuationFloodIsCutShort() async throws {
        try await withServer { port, _ in
            let (goAway, sentAll) = try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                await peer.send(
                    HTTP2Frame.headers([(":method", "POST"), (":path", "/roam.test.Echo/Get")], stream: 1, endHeaders: false).bytes)
                // Read while the flood goes out, so the GOAWAY is taken before the reset that ends it.
                async let sentAll = Self.flood(peer)
                let goAway = try await inbound.untilClosed()
                return (goAway, await sentAll)
            }
            #expect(goAway != nil)
            #expect(!sentAll, "the server closed the connection before 20 MB of CONTINUATION frames")
            #expect(goAway?.errorCode == .enhanceYourCalm)
            #expect(try failures("too_many_continuations") == 1)
        }
    }

    /// Serves `EchoService` with the services' limits, runs `attack`, then checks a well-behaved client
    /// is still served.
    private func withServer(_ attack: (Int, EchoService) async throws -> Void) async throws {
        let service = EchoService()
        var config = NGHTTP2ServerTransport.Config()
        config.metrics = metrics
        let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, config: config, group: Pairing.loops)
        try await withGRPCServer(transport: transport, services: [service]) { _ in
            let port = try await transport.listeningAddress.port!
            try await attack(port, service)
            try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext, eventLoopGroup: Pairing.loops)
            ) { client in
                let answer = try await client.unary(
                    request: ClientRequest(message: Array("still here".utf8)), descriptor: EchoService.get,
                    serializer: BytesCoder(), deserializer: BytesCoder(), options: .defaults
                ) { try $0.message }
                #expect(answer == Array("still here".utf8))
            }
        }
    }

    /// 20 MB of CONTINUATION frames for stream 1, 1 KB each; false when the server closed first.
    private static func flood(_ peer: RawHTTP2Peer) async -> Bool {
        for index in 0..<20_000 {
            let frame = HTTP2Frame.continuation([("x-\(index)", String(repeating: "b", count: 1_000))], stream: 1)
            guard await peer.send(frame.bytes) else { return false }
        }
        return true
    }

    private func failures(_ reason: String) throws -> Int64 {
        try metrics.expectCounter("roam_http2_connection_failures_total", [("reason", reason)]).totalValue
    }
}
