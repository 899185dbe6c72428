import RoamRuntime

extension EventsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        public var policy: EventPolicy
        public var hasher: PasswordHasher
        /// How often expired events are ended and silent members removed.
        public var sweepInterval: Duration
        /// Services told to purge an ended event (`name=host:port,…`).
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]
        /// The media service, where banners are attached.
        public var mediaAddresses: [HostAndPort]
        /// The trips service: may a host see the walk a group walk follows.
        public var tripsAddresses: [HostAndPort]
        /// The notifications service, which files what a member should hear of even with the app closed.
        public var notificationsAddresses: [HostAndPort]
        /// How long a user's follows, asked of accounts, are remembered (group walks among friends).
        public var relationsCacheTTL: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "events", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            policy = try EventPolicy(environment: environment)
            hasher = try PasswordHasher(environment: environment)
            sweepInterval = try environment.duration("EVENT_SWEEP_INTERVAL", default: .seconds(5))
            purgeTargets = try environment.namedAddresses("EVENT_PURGE_TARGETS")
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            tripsAddresses = try environment.addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")
            notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
            relationsCacheTTL = try environment.duration("RELATIONS_CACHE_TTL", default: .seconds(10))
        }
    }
}
