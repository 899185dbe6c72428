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
    /// DEADLINE_EXCEEDED and the handler is told, even when the client does not keep the time itself.
    @Test func serverEndsACallAtItsTimeLimit() async throws {
        let service = EchoService()
        let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        try await withGRPCServer(transport: transport, services: [service]) { _ in
            let port = try await transport.listeningAddress.port!
            try await withGRPCClient(transport: NGHTTP2ClientTransport(host: "127.0.0.1", port: port, group: Pairing.loops)) { client in
                var metadata = Metadata()
                metadata.addString("1S", forKey: "grpc-timeout")
                let started = ContinuousClock.now
                let error = await #expect(throws: RPCError.self) {
                    try await client.unary(
                        request: ClientRequest(message: Array("sleep:60000".utf8), metadata: metadata), descriptor: EchoService.get,
                        serializer: BytesCoder(), deserializer: BytesCoder(), options: .defaults
                    ) { try $0.message }
                }
                #expect(error?.code == .deadlineExceeded)
                // Well before the handler would answer (a minute), however late a loaded machine started it.
                #expect(ContinuousClock.now - started < .seconds(50))
                // The handler was told, or (its limit passed before it could start) never ran.
                try await eventually { service.outcomes.withLock { $0 } == ["cancelled"] || service.started.load(ordering: .relaxed) == 0 }
            }
        }
    }

    /// Services still learn the time limit (`CallContext` reads it), under the transport's own key; a
    /// client cannot set that key itself.
    @Test func timeLimitReachesTheHandlerUnderTheEnforcedKey() async throws {
        let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, group: Pairing.loops)
        try await withGRPCServer(transport: transport, services: [EchoService()]) { _ in
            let port = try await transport.listeningAddress.port!
            try await withGRPCClient(transport: NGHTTP2ClientTransport(host: "127.0.0.1", port: port, group: Pairing.loops)) { client in
                func keys(_ metadata: Metadata) async throws -> [String] {
                    let answer = try await client.unary(
                        request: ClientRequest(message: Array("keys".utf8), metadata: metadata), descriptor: EchoService.get,
                        serializer: BytesCoder(), deserializer: BytesCoder(), options: .defaults
                    ) { try $0.message }
                    return String(decoding: answer, as: UTF8.self).split(separator: ",").map(String.init)
                }
                var limited = Metadata()
                limited.addString("10S", forKey: GRPCTimeout.key)
                let seen = try await keys(limited)
                #expect(seen.contains(GRPCTimeout.enforcedKey))
                #expect(!seen.contains(GRPCTimeout.key))
                var forged = Metadata()
                forged.addString("1H", forKey: GRPCTimeout.enforcedKey)
                #expect(try await !keys(forged).contains(GRPCTimeout.enforcedKey))
            }
        }
    }
}
