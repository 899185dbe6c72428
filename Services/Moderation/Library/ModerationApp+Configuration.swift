import RoamRuntime

extension ModerationApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// How long audit entries are kept (`AUDIT_RETENTION`, a year by default).
        public var auditRetention: Duration
        /// The services that own each kind of content.
        public var feedAddresses: [HostAndPort]
        public var eventsAddresses: [HostAndPort]
        public var mediaAddresses: [HostAndPort]
        public var tripsAddresses: [HostAndPort]
        public var bucketListsAddresses: [HostAndPort]
        /// How many reports one account may file an hour (`REPORTS_PER_HOUR`, 30 by default).
        public var reportLimit: ReportLimit

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "moderation", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort, environment: environment)
            auditRetention = try environment.duration("AUDIT_RETENTION", default: .seconds(365 * 24 * 3600))
            feedAddresses = try environment.addresses("FEED_ADDRESS", default: "127.0.0.1:50053")
            eventsAddresses = try environment.addresses("EVENTS_ADDRESS", default: "127.0.0.1:50052")
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            tripsAddresses = try environment.addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")
            bucketListsAddresses = try environment.addresses("BUCKETLISTS_ADDRESS", default: "127.0.0.1:50057")
            reportLimit = ReportLimit(count: try environment.int("REPORTS_PER_HOUR", default: 30, in: 1...100_000))
        }
    }
}
