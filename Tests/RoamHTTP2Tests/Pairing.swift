import GRPCCore
import GRPCNIOTransportHTTP2
import NIOPosix
import RoamHTTP2
import Testing

/// A server transport of each kind, grpc-swift's own (NIO and swift-nio-http2), the reference, and
/// Roam's on nghttp2, with grpc-swift's client (the one every Roam process calls with). The tests
/// hold both servers to the same behaviour.
struct Pairing: Sendable, CustomTestStringConvertible {
    enum Kind: String, Sendable {
        case nio
        case nghttp2
    }

    let server: Kind

    static let all = [Pairing(server: .nio), Pairing(server: .nghttp2)]

    var testDescription: String { "\(server.rawValue) server" }

    /// The event loops of every transport here, servers and clients. Their handlers run on them, and
    /// these tests push tens of megabytes through in a debug build: on NIO's shared loops, that held up
    /// other suites' servers in the same process (a token issuer's keys not fetched within 5 s).
    static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    /// Serves a new `EchoService` on a free port of 127.0.0.1 and runs `scenario` with a client to it.
    func run(_ scenario: some EchoScenario) async throws {
        let service = EchoService()
        switch server {
        case .nio:
            let transport = HTTP2ServerTransport.Posix(
                address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext,
                config: .defaults { $0.http2.maxConcurrentStreams = 16_384 }, eventLoopGroup: Self.loops)
            try await withGRPCServer(transport: transport, services: [service]) { server in
                let port = try await transport.listeningAddress.ipv4!.port
                try await connect(scenario, to: Served(service: service, port: port, shutDown: server.beginGracefulShutdown))
            }
        case .nghttp2:
            var config = NGHTTP2ServerTransport.Config()
            config.maxConcurrentStreams = 16_384
            let transport = NGHTTP2ServerTransport(host: "127.0.0.1", port: 0, config: config, group: Self.loops)
            try await withGRPCServer(transport: transport, services: [service]) { server in
                let port = try await transport.listeningAddress.port!
                try await connect(scenario, to: Served(service: service, port: port, shutDown: server.beginGracefulShutdown))
            }
        }
    }

    func connect(_ scenario: some EchoScenario, to served: Served) async throws {
        try await withGRPCClient(
            transport: .http2NIOPosix(
                target: .ipv4(address: "127.0.0.1", port: served.port), transportSecurity: .plaintext,
                config: .defaults { $0.http2.targetWindowSize = 1 << 20 }, eventLoopGroup: Self.loops)
        ) { try await scenario.run(client: $0, served: served) }
    }
}

/// What a test does with its client, whichever transport the client has.
protocol EchoScenario: Sendable {
    func run<Transport: ClientTransport>(client: GRPCClient<Transport>, served: Served) async throws
}

/// The server a scenario runs against.
struct Served: Sendable {
    let service: EchoService
    let port: Int
    let shutDown: @Sendable () -> Void
}
