import RoamRuntime

extension TripsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// Services told to forget a deleted trip (`name=host:port,…;…`): budget and media.
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]

        public init(environment: Environment) throws {
            settings = try ServiceSettings(name: "trips", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                                           environment: environment)
            purgeTargets = try environment.namedAddresses("TRIP_PURGE_TARGETS")
        }
    }
}
