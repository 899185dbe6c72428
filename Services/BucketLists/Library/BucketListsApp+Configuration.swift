import RoamRuntime

extension BucketListsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// The media service, where list covers and item photos are attached.
        public var mediaAddresses: [HostAndPort]
        /// How long a user's follows and blocks, asked of accounts, are remembered.
        public var relationsCacheTTL: Duration
        /// How often activities' trending ranks are recomputed.
        public var trendingInterval: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "bucketlists", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            relationsCacheTTL = try environment.duration("RELATIONS_CACHE_TTL", default: .seconds(10))
            trendingInterval = try environment.duration("TRENDING_INTERVAL", default: .seconds(60))
        }
    }
}
