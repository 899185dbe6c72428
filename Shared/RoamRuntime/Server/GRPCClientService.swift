import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import ServiceLifecycle

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
