import RoamRuntime

extension NotificationsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        /// How long a notification stays in its inbox (`INBOX_RETENTION`).
        public var inboxRetention: Duration
        public var push: PushSettings

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "notifications", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort, environment: environment)
            inboxRetention = try environment.duration("INBOX_RETENTION", default: .seconds(90 * 24 * 3600))
            push = try PushSettings(environment: environment)
        }
    }
}
