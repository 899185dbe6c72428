import GRPCCore
import RoamHTTP2
import Testing

@Suite struct NGHTTP2ServerTransportTests {
    /// A process that stops during start-up drops its transport before it listens: that must be quiet
    /// (NIO stops a debug build over a promise never fulfilled).
    @Test func transportDroppedBeforeListeningIsQuiet() async throws {
        var transport: NGHTTP2ServerTransport? = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        #expect(transport != nil)
        transport = nil
        #expect(transport == nil)
    }

    @Test func portInUseFailsListenAndTheAddress() async throws {
        let first = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        try await withGRPCServer(transport: first, services: [EchoService()]) { _ in
            let port = try await first.listeningAddress.port!
            let second = NGHTTP2ServerTransport(host: "127.0.0.1", port: port, group: Pairing.loops)
            await #expect(throws: (any Error).self) { try await second.listen { _, _ in } }
            await #expect(throws: (any Error).self) { try await second.listeningAddress }
        }
    }

    /// The server holds a call to its `grpc-timeout` on its event loop (grpc-swift's executor would
    /// start a task and a dispatch timer per call): when it runs out the call fails with
    /// DEADLINE_EXCEEDED and the handler is told, even when the client does not keep the time itself
    /// (this one sends frames and waits).
    @Test func serverEndsACallAtItsTimeLimit() async throws {
        let service = EchoService()
        let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        try await withGRPCServer(transport: transport, services: [service]) { _ in
            let port = try await transport.listeningAddress.port!
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                let started = ContinuousClock.now
                await peer.send(
                    HTTP2Frame.headers(HTTP2Frame.callFields("/roam.test.Echo/Get") + [("grpc-timeout", "1S")], stream: 1).bytes
                        + HTTP2Frame.message(Array("sleep:60000".utf8), stream: 1, endStream: true).bytes)
                let trailers = try #require(await inbound.first { $0.stream == 1 && $0.field("grpc-status") != nil })
                #expect(trailers.field("grpc-status") == String(Status.Code.deadlineExceeded.rawValue))
                // Well before the handler would answer (a minute), however late a loaded machine started it.
                #expect(ContinuousClock.now - started < .seconds(50))
            }
            // The handler was told, or (its limit passed before it could start) never ran.
            try await eventually { service.outcomes.withLock { $0 } == ["cancelled"] || service.started.load(ordering: .relaxed) == 0 }
        }
    }

    /// Services still learn the time limit (`CallContext` reads it), under the transport's own key; a
    /// client cannot set that key itself.
    @Test func timeLimitReachesTheHandlerUnderTheEnforcedKey() async throws {
        let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        try await withGRPCServer(transport: transport, services: [EchoService()]) { _ in
            let port = try await transport.listeningAddress.port!
            try await RawHTTP2Peer.connect(port: port, group: Pairing.loops) { peer, inbound in
                await peer.start()
                func keys(stream: UInt32, _ field: (String, String)) async throws -> [String] {
                    await peer.send(
                        HTTP2Frame.headers(HTTP2Frame.callFields("/roam.test.Echo/Get") + [field], stream: stream).bytes
                            + HTTP2Frame.message(Array("keys".utf8), stream: stream, endStream: true).bytes)
                    let answer = try #require(await inbound.first { $0.stream == stream && $0.type == .data && $0.payload.count > 5 })
                    return String(decoding: answer.payload.dropFirst(5), as: UTF8.self).split(separator: ",").map(String.init)
                }
                let seen = try await keys(stream: 1, (GRPCTimeout.key, "10S"))
                #expect(seen.contains(GRPCTimeout.enforcedKey))
                #expect(!seen.contains(GRPCTimeout.key))
                #expect(try await !keys(stream: 3, (GRPCTimeout.enforcedKey, "1H")).contains(GRPCTimeout.enforcedKey))
            }
        }
    }
}
