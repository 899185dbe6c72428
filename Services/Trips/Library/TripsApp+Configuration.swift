import RoamRuntime

extension TripsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// Services told to forget a deleted trip (`name=host:port,…;…`): budget and media.
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]
        /// The media service: the owner's photos near pins, and the covers pins are given.
        public var mediaAddresses: [HostAndPort]
        /// The events service: which group walks a user belongs to, whose members may read the walk it follows.
        public var eventsAddresses: [HostAndPort]
        public var pinPolicy: PinPolicy
        /// How often the reminder worker looks for reminders that came due (`REMINDER_INTERVAL`).
        public var reminderInterval: Duration
        /// An ongoing walk is finished by the service once it has lasted this long (`WALK_MAX_DURATION`).
        public var walkMaxDuration: Duration
        /// How often the service looks for such walks (`WALK_CLOSE_INTERVAL`).
        public var walkCloseInterval: Duration
        /// How long a user's blocks, asked of accounts, are remembered (`RELATIONS_CACHE_TTL`).
        public var relationsCacheTTL: Duration
        /// The notifications service, which files the reminders for their owners.
        public var notificationsAddresses: [HostAndPort]

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "trips", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            purgeTargets = try environment.namedAddresses("TRIP_PURGE_TARGETS")
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            eventsAddresses = try environment.addresses("EVENTS_ADDRESS", default: "127.0.0.1:50052")
            pinPolicy = PinPolicy(
                minimumDistanceMeters: try environment.double("PIN_MIN_DISTANCE_METERS", default: 7.62, in: 0...1_000),
                photoRadiusMeters: try environment.double("PIN_PHOTO_RADIUS_METERS", default: 8_047, in: 1...100_000))
            reminderInterval = try environment.duration("REMINDER_INTERVAL", default: .seconds(5))
            walkMaxDuration = try environment.duration("WALK_MAX_DURATION", default: .seconds(12 * 3600))
            guard walkMaxDuration >= .seconds(1) else { throw ConfigurationError(variable: "WALK_MAX_DURATION", problem: "must be at least 1s") }
            walkCloseInterval = try environment.duration("WALK_CLOSE_INTERVAL", default: .seconds(60))
            relationsCacheTTL = try environment.duration("RELATIONS_CACHE_TTL", default: .seconds(10))
            notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
        }
    }
}
