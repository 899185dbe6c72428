import GRPCCore
import RoamHTTP2
import Testing

@Suite struct NGHTTP2ServerTransportTests {
    /// A process that stops during start-up drops its transport before it listens: that must be quiet
    /// (NIO stops a debug build over a promise never fulfilled).
    @Test func transportDroppedBeforeListeningIsQuiet() async throws {
        var transport: NGHTTP2ServerTransport? = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0)
        #expect(transport != nil)
        transport = nil
        #expect(transport == nil)
    }

    @Test func portInUseFailsListenAndTheAddress() async throws {
        let first = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0)
        try await withGRPCServer(transport: first, services: [EchoService()]) { _ in
            let port = try await first.listeningAddress.port!
            let second = NGHTTP2ServerTransport(host: "127.0.0.1", port: port)
            await #expect(throws: (any Error).self) { try await second.listen { _, _ in } }
            await #expect(throws: (any Error).self) { try await second.listeningAddress }
        }
    }
}
