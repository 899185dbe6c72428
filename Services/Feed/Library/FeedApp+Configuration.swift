import RoamRuntime

extension FeedApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// Every replica of the events service, asked about membership.
        public var eventsAddresses: [HostAndPort]
        /// The media service, where post images are attached.
        public var mediaAddresses: [HostAndPort]
        /// The bucket lists service, asked whether a reader may see an activity or an item.
        public var bucketListsAddresses: [HostAndPort]
        /// The trips service, asked whether a reader may see a walk.
        /// The notifications service, which files comments, replies and likes for their owners.
        public var notificationsAddresses: [HostAndPort]
        public var tripsAddresses: [HostAndPort]
        /// Messages a live chat reader may fall behind before it is disconnected.
        public var chatBufferSize: Int
        /// How long a user's follows and blocks, asked of accounts, are remembered.
        public var relationsCacheTTL: Duration
        /// How often stories' hot ranks are recomputed.
        public var trendingInterval: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "feed", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            eventsAddresses = try environment.addresses("EVENTS_ADDRESS", default: "127.0.0.1:50052")
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            bucketListsAddresses = try environment.addresses("BUCKETLISTS_ADDRESS", default: "127.0.0.1:50057")
            tripsAddresses = try environment.addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")
            notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
            chatBufferSize = try environment.int("CHAT_BUFFER_SIZE", default: 256, in: 16...10_000)
            relationsCacheTTL = try environment.duration("RELATIONS_CACHE_TTL", default: .seconds(10))
            trendingInterval = try environment.duration("TRENDING_INTERVAL", default: .seconds(60))
        }
    }
}
