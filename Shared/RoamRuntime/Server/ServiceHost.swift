import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import PostgresNIO
import RoamHTTP2
import RoamProto
import ServiceLifecycle

/// Runs one Roam service process, in the same order for every service: configuration, logging and
/// metrics, PostgreSQL or the in-memory stores, the service's parts, then one `ServiceGroup` with the
/// database supervisor (its pool and readiness), clients of other services, start-up work (migrations, then token keys), the gRPC
/// server (health, request context, metrics, readiness and auth interceptors), workers once start-up
/// is done (outbox delivery among them) and `/metrics`. SIGTERM or SIGINT shuts it down gracefully.
public enum ServiceHost {
    /// Open streams one client connection may have at once (chat sockets relayed by a gateway).
    public static let maxConcurrentStreams = 16_384

    /// - Parameters:
    ///   - settings: read by the service's configuration, which has read everything else it needs.
    ///   - build: makes the service's parts from the runtime the host prepared.
    public static func run(
        settings: ServiceSettings,
        build: (ServiceRuntime) async throws -> ServiceParts
    ) async throws {
        let registry = settings.log.bootstrap(traceIDs: settings.traces.areOn)
        let logger = {
            var logger = Logger(label: "roam-\(settings.name)")
            logger.logLevel = settings.log.level
            return logger
        }()
        let traceExport = try settings.traces.bootstrap(serviceName: "roam-\(settings.name)", logger: logger)
        let runtime = await ServiceRuntime(settings: settings, logger: logger)
        let parts = try await build(runtime)

        let keys = try parts.publicKeys ?? AccountsPublicKeySource(accounts: runtime.accounts())
        let verifier = await AccessTokenVerifier(
            keySource: keys, serviceSecret: settings.serviceSecret,
            acceptedServiceSecret: settings.acceptedServiceSecret)
        let health = HealthService(serviceNames: serviceNames(of: parts.services))
        let revocations = RevocationFollower(
            source: try parts.revocations
                ?? AccountsRevocationSource(
                    accounts: runtime.accounts(),
                    serviceName: settings.name,
                    serviceSecret: settings.serviceSecret),
            revoked: verifier.revoked, grace: settings.revocationGrace,
            stale: { reason in
                if let reason { health.block("revocations", reason: reason) } else { health.unblock("revocations") }
            }, logger: logger)
        let delivery = try parts.outbox.map { outbox in
            let targets = try parts.purgeTargets.map { target in
                GRPCPurgeTarget(upstream: try runtime.upstream(target.name, addresses: target.addresses), credential: runtime.credential)
            }
            return OutboxDelivery(outbox: outbox, targets: targets, logger: logger, crashBeforeDelivery: settings.crashPoints.beforeDelivery)
        }
        let database = runtime.database
        database?.supervisor?.observe { reachable, reason in
            if reachable {
                health.unblock("database")
            } else {
                health.block("database", reason: "DATABASE_UNAVAILABLE: \(reason)")
            }
        }
        // The feed is followed once start-up is done, so accounts follows its own feed on its migrated tables.
        let startup = StartupService(
            health: health, logger: logger,
            workers: parts.workers + [revocations, PublicKeyRefresher(verifier: verifier, interval: settings.keysRefreshInterval, logger: logger)]
                + (delivery.map { [$0] } ?? [])
        ) {
            if let database {
                try await database.supervisor?.waitUntilReachable()
                try await parts.migrator.migrate(database.client, logger: logger)
            }
            try await verifier.loadKeys()
        }
        var rpcServices =
            parts.services + [health]
            + (parts.outbox.map { [PurgeReportGRPCService(outbox: $0, targets: parts.purgeTargets.map(\.name))] } ?? [])
        let reflection = ReflectionService(
            serviceNames: serviceNames(of: rpcServices) + [
                Grpc_Reflection_V1_ServerReflection.descriptor.fullyQualifiedService,
                Grpc_Reflection_V1alpha_ServerReflection.descriptor.fullyQualifiedService,
            ])
        rpcServices += [reflection, ReflectionServiceV1Alpha(reflection)]
        let serverInterceptors =
            interceptors(
                health: health, verifier: verifier, anonymousMethods: parts.anonymousMethods, logger: logger,
                serving: rpcServices, inFlightKeys: InFlightKeys(), service: settings.name)
            + (settings.crashPoints.afterCommit.isEmpty ? [] : [CrashAfterCommitInterceptor(methods: settings.crashPoints.afterCommit)])
        let serverService: any Service
        switch settings.serverTransport {
        case .nghttp2:
            var config = NGHTTP2ServerTransport.Config()
            config.maxConcurrentStreams = maxConcurrentStreams
            config.logger = logger
            let server = GRPCServer(
                transport: NGHTTP2ServerTransport(host: settings.grpcAddress.host, port: settings.grpcAddress.port, config: config),
                services: rpcServices, interceptors: serverInterceptors)
            serverService = GRPCServerService(server: server, logger: logger, endStreams: parts.endStreams)
        case .nio:
            let server = GRPCServer(
                transport: .http2NIOPosix(
                    address: .ipv4(host: settings.grpcAddress.host, port: settings.grpcAddress.port),
                    transportSecurity: .plaintext,
                    config: .defaults {
                        $0.rpc.maxRequestPayloadSize = 4 * 1024 * 1024
                        // HTTP/2 allows 100 open streams per connection unless the server says otherwise,
                        // and a gateway relays every open chat socket and notification stream as one
                        // stream on its one connection to a replica: allow many.
                        $0.http2.maxConcurrentStreams = maxConcurrentStreams
                        // Callers ping every 10 s to find a dead link (`Upstream`): allow it, idle or not.
                        $0.connection.keepalive.clientBehavior = .init(minPingIntervalWithoutCalls: .seconds(5), allowWithoutCalls: true)
                    }
                ),
                services: rpcServices, interceptors: serverInterceptors)
            serverService = GRPCServerService(server: server, logger: logger, endStreams: parts.endStreams)
        }

        // First, so it stops last: the spans of the last requests are still sent.
        var services: [any Service] = traceExport.map { [$0] } ?? []
        // Next, so it stops after the rest: requests being answered at shutdown still reach the database.
        services += database?.supervisor.map { [$0] } ?? []
        services += runtime.allUpstreams as [any Service]
        services += parts.background
        services.append(startup)
        services.append(serverService)
        if settings.metricsAddress.port != 0 {
            services.append(MetricsEndpoint.application(registry: registry, address: settings.metricsAddress, logger: logger))
        }
        logger.info(
            "starting",
            metadata: [
                "grpc": "\(settings.grpcAddress)", "metrics": "\(settings.metricsAddress)",
                "storage": "\(database == nil ? "memory" : "postgres")",
            ])
        let group = ServiceGroup(
            configuration: .init(
                services: services.map { .init(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// The interceptors every Roam server runs, outermost first.
    /// `serving`: the RPC services behind them, whose service-only methods (`ForServicesOnly`,
    /// `HasServiceOnlyMethods`) are refused to users.
    public static func interceptors(
        health: HealthService, verifier: AccessTokenVerifier, anonymousMethods: Set<MethodDescriptor>, logger: Logger,
        serving services: [any RegistrableRPCService], inFlightKeys: InFlightKeys = InFlightKeys(),
        service: String = "test"
    ) -> [any ServerInterceptor] {
        return [
            TracingServerInterceptor(),
            CallContextInterceptor(logger: logger),
            MetricsInterceptor(),
            ReadinessInterceptor(health: health),
            AuthInterceptor(
                verifier: verifier, anonymousMethods: anonymousMethods.union(openMethods),
                serviceOnlyMethods: serviceOnlyMethods(of: services)),
            InFlightKeyInterceptor(keys: inFlightKeys, service: service),
        ]
    }

    /// What every process answers without a token and before it is ready: health probes, and reflection
    /// (which tells what the repository's protos already do).
    static let openMethods: Set<MethodDescriptor> = [
        Grpc_Health_V1_Health.Method.Check.descriptor,
        Grpc_Health_V1_Health.Method.Watch.descriptor,
        Grpc_Reflection_V1_ServerReflection.Method.ServerReflectionInfo.descriptor,
        Grpc_Reflection_V1alpha_ServerReflection.Method.ServerReflectionInfo.descriptor,
    ]

    /// The fully qualified names of the services, as their generated descriptors give them.
    static func serviceNames(of services: [any RegistrableRPCService]) -> [String] {
        var router = RPCRouter<HTTP2ServerTransport.Posix>()
        for service in services { service.registerMethods(with: &router) }
        return Array(Set(router.methods.map(\.service.fullyQualifiedService))).sorted()
    }
}
