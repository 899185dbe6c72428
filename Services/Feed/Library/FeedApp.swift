import Foundation
import GRPCCore
import Logging
import PostgresNIO
import RoamRuntime

/// Builds and runs the feed process from its environment: the PostgreSQL store or the in-memory one,
/// the events membership and accounts relations clients, the trending ranker, and the gRPC server
/// (feed and purge services).
public enum FeedApp {
    public static let defaultGRPCPort = 50053
    public static let defaultMetricsPort = 9103

    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// Every replica of the events service, asked about membership.
        public var eventsAddresses: [HostAndPort]
        public var upstreamTimeout: Duration
        /// Messages a live chat reader may fall behind before it is disconnected.
        public var chatBufferSize: Int
        /// How long a user's follows and blocks, asked of accounts, are remembered.
        public var relationsCacheTTL: Duration
        /// How often stories' hot ranks are recomputed.
        public var trendingInterval: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(name: "feed", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                                           environment: environment)
            eventsAddresses = try environment.addresses("EVENTS_ADDRESS", default: "127.0.0.1:50052")
            upstreamTimeout = try environment.duration("UPSTREAM_TIMEOUT", default: .seconds(5))
            chatBufferSize = try environment.int("CHAT_BUFFER_SIZE", default: 256, in: 16...10_000)
            relationsCacheTTL = try environment.duration("RELATIONS_CACHE_TTL", default: .seconds(10))
            trendingInterval = try environment.duration("TRENDING_INTERVAL", default: .seconds(60))
        }
    }

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        let settings = configuration.settings
        let registry = ServiceHost.bootstrapObservability(settings)
        let host = ServiceHost(settings: settings)
        let logger = host.logger

        let postgres: PostgresClient?
        let store: any FeedStore
        if settings.inMemory {
            logger.warning("ROAM_IN_MEMORY=true: feed keeps everything in memory and forgets it on exit")
            postgres = nil
            store = InMemoryFeedStore()
        } else {
            let client = PostgresClient(configuration: settings.database.configuration, backgroundLogger: logger)
            postgres = client
            store = PostgresFeedStore(database: Database(client: client, operationTimeout: settings.database.operationTimeout))
        }
        let accounts = try Upstream(name: "accounts", addresses: settings.accountsAddresses, timeout: configuration.upstreamTimeout)
        let events = try Upstream(name: "events", addresses: configuration.eventsAddresses, timeout: configuration.upstreamTimeout)
        let credential = await ServiceCredential(serviceName: "feed", secret: settings.serviceSecret)
        let chat = ChatHub(store: store, bufferSize: configuration.chatBufferSize)
        let relay = postgres.map { PostgresChatRelay(client: $0, hub: chat, logger: logger) }
        let graph = CachedSocialGraph(AccountsSocialGraph(upstream: accounts, credential: credential),
                                      timeToLive: configuration.relationsCacheTTL)
        let feed = FeedService(store: store, membership: EventsMembershipClient(upstream: events, credential: credential), graph: graph,
                               chat: chat, announcer: relay)
        let ranker = TrendingRanker(feed: feed, interval: configuration.trendingInterval, logger: logger)
        let departures = EventsDepartureWatcher(upstream: events, credential: credential, feed: feed, logger: logger)
        let verifier = await AccessTokenVerifier(keySource: AccountsPublicKeySource(accounts: accounts), serviceSecret: settings.serviceSecret)

        try await host.run(
            services: [FeedGRPCService(feed: feed), FeedPurgeGRPCService(feed: feed)],
            serviceNames: ["roam.feed.v1.FeedService", "roam.purge.v1.PurgeService"],
            anonymousMethods: [],
            verifier: verifier,
            postgres: postgres,
            startup: {
                if let postgres { try await FeedMigrations.migrator.migrate(postgres, logger: logger) }
                try await verifier.loadKeys()
            },
            background: [accounts, events, departures, ranker] + (relay.map { [$0] } ?? []),
            endStreams: { await chat.closeAll() },
            metricsRegistry: registry
        )
    }
}
