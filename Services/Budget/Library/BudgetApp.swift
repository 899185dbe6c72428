import Foundation
import RoamCore
import RoamRuntime

/// The budget process: the PostgreSQL store (or the in-memory one), trips asked about ownership, the
/// listener that brings every replica's alerts to the streams open here, and the worker that hands
/// alerts to the notifications service. `ServiceHost` does the rest.
public enum BudgetApp {
    public static let defaultGRPCPort = 50056
    public static let defaultMetricsPort = 9106

    typealias Store = BudgetRepository & RateRepository

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in try parts(runtime: runtime, configuration: configuration) }
    }

    static func parts(runtime: ServiceRuntime, configuration: Configuration) throws -> ServiceParts {
        let store: any Store = if let database = runtime.database { PostgresBudgetStore(database: database) } else { InMemoryBudgetStore() }
        let notifications = UserStreams<BudgetAlert>()
        let listener = runtime.database.map { PostgresStreamListener.budgetAlerts(database: $0, streams: notifications, logger: runtime.logger) }
        // Without a database there is no channel: the service hands alerts to this process's streams.
        var announce: (@Sendable ([BudgetAlert]) -> Void)?
        if listener == nil {
            announce = { alerts in
                for alert in alerts { notifications.deliver(alert, to: alert.ownerID) }
            }
        }
        let trips = TripsDirectoryClient(
            upstream: try runtime.upstream("trips", addresses: configuration.tripsAddresses), ttl: configuration.tripCacheTTL)
        let budgets = BudgetService(trips: trips, budgets: store, rates: store, announce: announce)
        var parts = ServiceParts(
            services: [
                BudgetGRPCService(budgets: budgets, notifications: notifications, alerts: store),
                PurgeGRPCService(
                    BudgetPurge(budgets: store),
                    purgedUsers: PurgedUsers(database: runtime.database, schema: BudgetMigrations.schema)),
            ],
            migrator: BudgetMigrations.migrator)
        parts.background = listener.map { [$0] } ?? []
        parts.workers = [try runtime.publicationDelivery(queue: store.publications, notificationsAddresses: configuration.notificationsAddresses)]
        parts.endStreams = { notifications.finishAll() }
        return parts
    }
}
