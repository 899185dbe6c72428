import Logging

/// The settings every Roam service process reads, with per-service default ports.
public struct ServiceSettings: Sendable {
    public var name: String
    public var grpcAddress: HostAndPort
    /// Port of the Prometheus `/metrics` listener; 0 turns it off.
    public var metricsAddress: HostAndPort
    public var log: LogSettings
    /// Spans exported to an OpenTelemetry collector, when one is set.
    public var traces: TraceSettings
    /// Development runs may use built-in and published secrets; nothing else may.
    public var kind: DeploymentKind
    public var serviceSecret: String
    /// Another service secret accepted during a rotation (`ROAM_SERVICE_SECRET_ACCEPTED`).
    public var acceptedServiceSecret: String?
    /// Where user-token public keys come from (the accounts service).
    public var accountsAddresses: [HostAndPort]
    public var database: DatabaseSettings
    /// Run on the in-memory repositories instead of PostgreSQL (development and fakes only).
    public var inMemory: Bool
    /// The longest one call to another service may take.
    public var upstreamTimeout: Duration
    /// How often the accounts public keys are fetched again (a rotation's new key is learnt, a retired one forgotten).
    public var keysRefreshInterval: Duration
    /// How long the revocation feed may be away (or not yet caught up) before the process stops serving
    /// (`REVOCATIONS_GRACE`): past it, sessions ended meanwhile could still be let in.
    public var revocationGrace: Duration
    /// What carries the gRPC server's calls (`GRPC_SERVER_TRANSPORT`).
    public var serverTransport: GRPCTransportKind
    /// Where the fault suite makes the process kill itself; none in normal runs.
    public var crashPoints: CrashPoints

    public static let developmentServiceSecret = PublishedSecrets.developmentServiceSecret

    public init(name: String, defaultGRPCPort: Int, defaultMetricsPort: Int, environment: Environment) throws(ConfigurationError) {
        self.name = name
        let host = environment.string("GRPC_HOST", default: "127.0.0.1")
        grpcAddress = HostAndPort(host: host, port: try environment.int("GRPC_PORT", default: defaultGRPCPort, in: 0...65535))
        metricsAddress = HostAndPort(
            host: environment.string("METRICS_HOST", default: host),
            port: try environment.int("METRICS_PORT", default: defaultMetricsPort, in: 0...65535))
        log = try LogSettings(environment: environment)
        traces = try TraceSettings(environment: environment)
        kind = try DeploymentKind(environment: environment)
        serviceSecret = try environment.serviceSecret(kind: kind)
        acceptedServiceSecret = try environment.acceptedServiceSecret(kind: kind)
        accountsAddresses = try environment.addresses("ACCOUNTS_ADDRESS", default: "127.0.0.1:50051")
        database = try DatabaseSettings(environment: environment)
        if let password = DatabaseSettings.password(in: environment.string("DATABASE_URL", default: DatabaseSettings.defaultURL)),
            let refusal = PublishedSecrets.refusal(of: password, variable: "DATABASE_URL", part: "its password", kind: kind)
        {
            throw refusal
        }
        inMemory = try environment.bool("ROAM_IN_MEMORY", default: false)
        upstreamTimeout = try environment.duration("UPSTREAM_TIMEOUT", default: .seconds(5))
        keysRefreshInterval = try environment.duration("KEYS_REFRESH_INTERVAL", default: .seconds(60))
        revocationGrace = try environment.duration("REVOCATIONS_GRACE", default: .seconds(10))
        serverTransport = try GRPCTransportKind(environment: environment, variable: "GRPC_SERVER_TRANSPORT", default: .nghttp2)
        crashPoints = try CrashPoints(environment: environment, kind: kind)
    }
}
