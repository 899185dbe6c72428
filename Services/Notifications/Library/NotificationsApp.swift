import RoamCore
import RoamRuntime

/// The notifications process: devices, inboxes and settings in its store (PostgreSQL, or in memory),
/// and the worker that forgets old notifications. `ServiceHost` does the rest.
public enum NotificationsApp {
    public static let defaultGRPCPort = 50058
    public static let defaultMetricsPort = 9108

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in try parts(runtime: runtime, configuration: configuration) }
    }

    static func parts(runtime: ServiceRuntime, configuration: Configuration) throws -> ServiceParts {
        let store: any NotificationStore =
            if let database = runtime.database { PostgresNotificationStore(database: database) } else { InMemoryNotificationStore() }
        let notifications = NotificationsService(store: store)
        var parts = ServiceParts(
            services: [
                NotificationsGRPCService(notifications: notifications),
                PurgeGRPCService(
                    NotificationsPurge(store: store),
                    purgedUsers: PurgedUsers(database: runtime.database, schema: NotificationsMigrations.schema)),
            ],
            migrator: NotificationsMigrations.migrator)
        parts.workers = [InboxTidier(inbox: store, keep: configuration.inboxRetention, logger: runtime.logger)]
        return parts
    }
}
