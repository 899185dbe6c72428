import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import Metrics
import PostgresNIO
import Prometheus
import RoamProto
import ServiceLifecycle

/// Runs one Roam service process: PostgreSQL client, start-up work (migrations), the gRPC server
/// with health, request context, metrics, readiness and auth interceptors, and the `/metrics`
/// listener, all in one `ServiceGroup` that shuts down gracefully on SIGTERM or SIGINT.
public struct ServiceHost {
    public var settings: ServiceSettings
    public var logger: Logger

    public init(settings: ServiceSettings) {
        self.settings = settings
        var logger = Logger(label: "roam-\(settings.name)")
        logger.logLevel = settings.log.level
        self.logger = logger
    }

    /// Sets up process-wide logging and metrics; call once, first thing in `main`.
    /// Open streams one client connection may have at once (chat sockets relayed by a gateway).
    public static let maxConcurrentStreams = 16_384

    public static func bootstrapObservability(_ settings: ServiceSettings) -> PrometheusCollectorRegistry {
        settings.log.bootstrap()
    }

    /// The interceptors every Roam server runs, outermost first.
    public static func interceptors(health: HealthService, verifier: AccessTokenVerifier,
                                    anonymousMethods: Set<MethodDescriptor>, logger: Logger) -> [any ServerInterceptor] {
        let healthMethods: Set<MethodDescriptor> = [Grpc_Health_V1_Health.Method.Check.descriptor,
                                                    Grpc_Health_V1_Health.Method.Watch.descriptor]
        return [
            RequestContextInterceptor(logger: logger),
            MetricsInterceptor(),
            ReadinessInterceptor(health: health),
            AuthInterceptor(verifier: verifier, anonymousMethods: anonymousMethods.union(healthMethods)),
        ]
    }

    /// Runs until SIGTERM/SIGINT.
    /// - Parameters:
    ///   - services: the RPC services this process serves (health is added).
    ///   - serviceNames: the fully qualified names health reports for.
    ///   - postgres: the database client, when the service uses PostgreSQL; it runs first, stops last.
    ///   - startup: work to finish before SERVING, e.g. migrations.
    ///   - background: further services (clients, workers) started after the database.
    ///   - endStreams: ends the service's long-lived streams when shutdown begins.
    public func run(
        services: [any RegistrableRPCService],
        serviceNames: [String],
        anonymousMethods: Set<MethodDescriptor>,
        verifier: AccessTokenVerifier,
        postgres: PostgresClient?,
        startup: @escaping @Sendable () async throws -> Void,
        background: [any Service] = [],
        endStreams: @escaping @Sendable () async -> Void = {},
        metricsRegistry: PrometheusCollectorRegistry?
    ) async throws {
        let health = HealthService(serviceNames: serviceNames)
        let server = GRPCServer(
            transport: .http2NIOPosix(
                address: .ipv4(host: settings.grpcAddress.host, port: settings.grpcAddress.port),
                transportSecurity: .plaintext,
                config: .defaults {
                    $0.rpc.maxRequestPayloadSize = 4 * 1024 * 1024
                    // HTTP/2 allows 100 open streams per connection unless the server says otherwise,
                    // and a gateway relays every open chat socket and notification stream as one
                    // stream on its one connection to a replica: allow many.
                    $0.http2.maxConcurrentStreams = Self.maxConcurrentStreams
                }
            ),
            services: services + [health],
            interceptors: Self.interceptors(health: health, verifier: verifier, anonymousMethods: anonymousMethods, logger: logger)
        )

        var groupServices: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let postgres { groupServices.append(.init(service: postgres)) }
        groupServices += background.map { .init(service: $0) }
        groupServices.append(.init(service: StartupService(health: health, logger: logger, work: startup)))
        groupServices.append(.init(service: GRPCServerService(server: server, logger: logger, endStreams: endStreams)))
        if let metricsRegistry, settings.metricsAddress.port != 0 {
            groupServices.append(.init(service: MetricsEndpoint.application(registry: metricsRegistry, address: settings.metricsAddress, logger: logger)))
        }
        logger.info("starting", metadata: ["grpc": "\(settings.grpcAddress)", "metrics": "\(settings.metricsAddress)",
                                           "storage": "\(postgres == nil ? "memory" : "postgres")"])
        let group = ServiceGroup(configuration: .init(services: groupServices, gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        try await group.run()
    }
}
