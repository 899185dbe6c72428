import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import RoamProto
import RoamRuntime
import ServiceLifecycle
import Testing

/// A client that keeps a stream open must not keep a stopping service from exiting.
@Suite struct GRPCServerServiceTests {
    @Test func shutdownClosesAStreamStillOpenAfterTheDrainTime() async throws {
        let health = HealthService(serviceNames: ["roam.test"])
        health.setAll(.serving)
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [health])
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let group = ServiceGroup(services: [GRPCServerService(server: server, drainTime: .milliseconds(200), logger: logger)], logger: logger)
        let running = Task { try await group.run() }
        let port = try #require(try await server.listeningAddress?.ipv4?.port)

        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let client = GRPCClient(transport: transport)
        let connections = Task { try await client.runConnections() }
        let streamEnded = Task {
            // Health's Watch never ends on its own: only the server closing the connection ends it.
            try? await Grpc_Health_V1_Health.Client(wrapping: client).watch(.with { $0.service = "roam.test" }) { response in
                for try await _ in response.messages {
                    await group.triggerGracefulShutdown()
                }
            }
            return true
        }
        // Bounded so a regression fails instead of hanging the suite; the drain time is 0.2 s.
        let stopped = await withTaskGroup(of: Bool.self) { race in
            race.addTask { (try? await running.value) != nil }
            race.addTask {
                try? await Task.sleep(for: .seconds(30))
                return false
            }
            let first = await race.next() ?? false
            race.cancelAll()
            return first
        }
        #expect(stopped, "the server did not stop with a stream open")
        #expect(await streamEnded.value)
        client.beginGracefulShutdown()
        connections.cancel()
    }
}
