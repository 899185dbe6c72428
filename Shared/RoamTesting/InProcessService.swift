import GRPCCore
import GRPCInProcessTransport
import Logging
import RoamRuntime

/// Runs RPC services behind the standard Roam interceptors over `InProcessTransport` and hands the
/// test a connected client, so tests exercise the generated stubs, the interceptors and the error
/// mapping without sockets.
public enum InProcessService {
    public static func run<Result: Sendable>(
        _ services: [any RegistrableRPCService],
        verifier: AccessTokenVerifier,
        anonymousMethods: Set<MethodDescriptor>,
        ready: Bool = true,
        clientInterceptors: [any ClientInterceptor] = [],
        _ body: @Sendable (GRPCClient<InProcessTransport.Client>, HealthService) async throws -> Result
    ) async throws -> Result {
        let health = HealthService(serviceNames: [])
        if ready { health.setAll(.serving) }
        let transport = InProcessTransport()
        var logger = Logger(label: "test-service")
        logger.logLevel = .critical
        let interceptors = ServiceHost.interceptors(
            health: health, verifier: verifier, anonymousMethods: anonymousMethods, logger: logger,
            serving: services)
        return try await withGRPCServer(transport: transport.server, services: services + [health], interceptors: interceptors) { _ in
            try await withGRPCClient(transport: transport.client, interceptors: clientInterceptors) { client in
                try await body(client, health)
            }
        }
    }
}
