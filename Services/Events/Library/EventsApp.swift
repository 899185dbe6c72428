import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import PostgresNIO
import RoamRuntime
import ServiceLifecycle

/// Builds and runs the events process from its environment: the PostgreSQL (PostGIS) store or the
/// in-memory one, the gRPC server, the sweeper and the outbox delivery.
public enum EventsApp {
    public static let defaultGRPCPort = 50052
    public static let defaultMetricsPort = 9102

    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        public var policy: EventPolicy
        public var hasher: PasswordHasher
        /// How often expired events are ended and silent members removed.
        public var sweepInterval: Duration
        /// Services told to purge an ended event (`name=host:port,…`).
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]
        public var purgeTimeout: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(name: "events", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                                           environment: environment)
            policy = try EventPolicy(environment: environment)
            hasher = try PasswordHasher(environment: environment)
            sweepInterval = try environment.duration("EVENT_SWEEP_INTERVAL", default: .seconds(5))
            purgeTargets = try environment.namedAddresses("EVENT_PURGE_TARGETS")
            purgeTimeout = try environment.duration("UPSTREAM_TIMEOUT", default: .seconds(5))
        }
    }

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        let settings = configuration.settings
        let registry = ServiceHost.bootstrapObservability(settings)
        let host = ServiceHost(settings: settings)
        let logger = host.logger

        let postgres: PostgresClient?
        let store: any EventRepository & OutboxRepository
        let notifications = NotificationHub()
        let notifier: any Notifier
        var relay: [any Service] = []
        if settings.inMemory {
            logger.warning("ROAM_IN_MEMORY=true: events keeps everything in memory and forgets it on exit")
            postgres = nil
            store = InMemoryEventStore()
            notifier = notifications
        } else {
            let client = PostgresClient(configuration: settings.database.configuration, backgroundLogger: logger)
            postgres = client
            store = PostgresEventStore(database: Database(client: client, operationTimeout: settings.database.operationTimeout))
            // Replicas share notifications through the database.
            let postgresRelay = PostgresNotificationRelay(client: client, hub: notifications, logger: logger)
            notifier = postgresRelay
            relay = [postgresRelay]
        }
        let events = EventService(events: store, hasher: configuration.hasher, policy: configuration.policy, notifications: notifier)

        let accounts = try Upstream(name: "accounts", addresses: settings.accountsAddresses, timeout: configuration.purgeTimeout)
        let verifier = await AccessTokenVerifier(keySource: AccountsPublicKeySource(accounts: accounts), serviceSecret: settings.serviceSecret)
        let credential = await ServiceCredential(serviceName: "events", secret: settings.serviceSecret)
        let purgeUpstreams = try configuration.purgeTargets.map {
            try Upstream(name: $0.name, addresses: $0.addresses, timeout: configuration.purgeTimeout)
        }
        let delivery = OutboxDelivery(outbox: store, targets: purgeUpstreams.map { GRPCPurgeTarget(upstream: $0, credential: credential) },
                                      logger: logger)
        let sweeper = EventSweeper(events: events, interval: configuration.sweepInterval, logger: logger)

        try await host.run(
            services: [EventsGRPCService(events: events, notifications: notifications)],
            serviceNames: ["roam.events.v1.EventsService"],
            anonymousMethods: [],
            verifier: verifier,
            postgres: postgres,
            startup: {
                if let postgres { try await EventsMigrations.migrator.migrate(postgres, logger: logger) }
                try await verifier.loadKeys()
            },
            background: [accounts] + purgeUpstreams + relay + [sweeper, delivery],
            endStreams: { notifications.finishAll() },
            metricsRegistry: registry
        )
    }
}
