import GRPCCore
import GRPCNIOTransportHTTP2
import ServiceLifecycle

/// Runs a gRPC server as a service of the group: on graceful shutdown it stops accepting calls and
/// returns once the calls in flight have finished.
public struct GRPCServerService<Transport: ServerTransport>: Service {
    public let server: GRPCServer<Transport>

    public init(server: GRPCServer<Transport>) {
        self.server = server
    }

    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await server.serve()
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }
}

/// Runs a gRPC client's connections for as long as the group runs.
public struct GRPCClientService<Transport: ClientTransport>: Service {
    public let client: GRPCClient<Transport>

    public init(client: GRPCClient<Transport>) {
        self.client = client
    }

    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await client.runConnections()
        } onGracefulShutdown: {
            client.beginGracefulShutdown()
        }
    }
}
