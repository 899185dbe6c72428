import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto

/// Asks a process's `grpc.health.v1.Health` whether a service is SERVING (for `roam up`, container
/// health checks and tests that start real processes).
public enum HealthProbe {
    public static func isServing(host: String, port: Int, service: String = "", timeout: Duration = .seconds(2)) async -> Bool {
        do {
            return try await withGRPCClient(transport: .http2NIOPosix(target: .dns(host: host, port: port), transportSecurity: .plaintext)) {
                client in
                var options = CallOptions.defaults
                options.timeout = timeout
                let response = try await Grpc_Health_V1_Health.Client(wrapping: client)
                    .check(.with { $0.service = service }, options: options)
                return response.status == .serving
            }
        } catch {
            return false
        }
    }
}
