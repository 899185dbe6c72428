import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamRuntime

/// How the operator's subcommands call a service: over gRPC with the service credential (the
/// operator holds `ROAM_SERVICE_SECRET`), naming the operator for the audit log.
struct OperatorCall {
    let address: HostAndPort
    let credential: ServiceCredential

    /// The service at `variable` (`ACCOUNTS_ADDRESS`), or `fallback` when it is unset.
    init(_ variable: String, default fallback: String, environment: [String: String], command: String) async throws {
        let settings = RoamRuntime.Environment(environment)
        address = try settings.addresses(variable, default: fallback)[0]
        let secret = try settings.serviceSecret(kind: try DeploymentKind(environment: settings))
        credential = await ServiceCredential(serviceName: "roam-\(command)", secret: secret)
    }

    /// Runs `body` with a client connected to the service and the metadata every call carries.
    func run<Result: Sendable>(_ body: (GRPCClient<HTTP2ClientTransport.Posix>, Metadata) async throws -> Result) async throws -> Result {
        let metadata: Metadata = ["authorization": "Bearer \(try await credential.token())"]
        return try await withGRPCClient(
            transport: .http2NIOPosix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
        ) { client in
            try await body(client, metadata)
        }
    }

    /// Who runs the command, as the audit log names them: `--as`, else `ROAM_OPERATOR`, else the login name.
    static func operatorName(_ given: String?, environment: [String: String]) -> String {
        for name in [given, environment["ROAM_OPERATOR"], environment["USER"], environment["LOGNAME"]] {
            if let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty { return name }
        }
        return "roam"
    }
}
