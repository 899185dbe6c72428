import RoamRuntime

extension BudgetApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// The trips service, asked whether the caller owns a trip.
        public var tripsAddresses: [HostAndPort]
        /// How long an answer from trips is kept (`TRIP_CACHE_TTL`).
        public var tripCacheTTL: Duration
        /// The notifications service, which files the alerts for their owners.
        public var notificationsAddresses: [HostAndPort]

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "budget", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            tripsAddresses = try environment.addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")
            tripCacheTTL = try environment.duration("TRIP_CACHE_TTL", default: .seconds(10))
            notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
        }
    }
}
