import RoamCore
import RoamRuntime

/// The events process: the PostGIS store (or the in-memory one), notifications shared between replicas
/// and handed to the notifications service, the sweeper, and the outbox that tells other services about
/// ended events. `ServiceHost` does the rest.
public enum EventsApp {
    public static let defaultGRPCPort = 50052
    public static let defaultMetricsPort = 9102

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any EventRepository & GroupWalkRepository & OutboxRepository =
                if let database = runtime.database { PostgresEventStore(database: database) } else { InMemoryEventStore() }
            let notifications = NotificationHub()
            // Replicas share notifications through the database.
            let relay = runtime.database.map { PostgresNotificationRelay(database: $0, hub: notifications, logger: runtime.logger) }
            // What a closed app should hear of the store queues for the notifications service with the change.
            let notifier = relay.map { $0 as any Notifier } ?? notifications
            let events = EventService(
                events: store, hasher: configuration.hasher, policy: configuration.policy,
                notifications: notifier,
                media: MediaAttachmentsClient(upstream: try runtime.upstream("media", addresses: configuration.mediaAddresses)),
                graph: CachedSocialGraph(
                    AccountsSocialGraph(upstream: try runtime.accounts(), credential: runtime.credential),
                    timeToLive: configuration.relationsCacheTTL),
                routes: TripsWalkRoutes(
                    upstream: try runtime.upstream("trips", addresses: configuration.tripsAddresses),
                    credential: runtime.credential))
            var parts = ServiceParts(
                services: [
                    EventsGRPCService(events: events, notifications: notifications), ContentModerationGRPCService(OneKindModeration.events(events)),
                    PurgeGRPCService(
                        events,
                        purgedUsers: PurgedUsers(database: runtime.database, schema: EventsMigrations.schema)),
                ],
                migrator: EventsMigrations.migrator)
            parts.outbox = store
            parts.purgeTargets = configuration.purgeTargets
            parts.background = relay.map { [$0] } ?? []
            parts.workers = [
                EventSweeper(events: events, interval: configuration.sweepInterval, logger: runtime.logger),
                try runtime.publicationDelivery(queue: store.publications, notificationsAddresses: configuration.notificationsAddresses),
            ]
            parts.endStreams = { notifications.finishAll() }
            return parts
        }
    }
}
