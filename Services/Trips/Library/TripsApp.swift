import Foundation
import RoamCore
import RoamRuntime

/// The trips process: the PostGIS stores of trips and walks (or the in-memory ones), the outbox that
/// tells budget and media about deleted trips, the worker that closes forgotten walks, the reminder worker
/// with the listener that brings every replica's reminders to the streams open here, and the worker that
/// hands reminders to the notifications service. `ServiceHost` does the rest.
public enum TripsApp {
    public static let defaultGRPCPort = 50055
    public static let defaultMetricsPort = 9105

    typealias Store = TripRepository & PinRepository & TrackRepository & JournalRepository & PlacesRepository & SavedPlacesRepository
        & ItineraryRepository & ReminderRepository & OutboxRepository

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any Store = if let database = runtime.database { PostgresTripStore(database: database) } else { InMemoryTripStore() }
            let notifications = UserStreams<TripNotification>()
            let walkStore: any WalkRepository =
                if let database = runtime.database { PostgresWalkStore(database: database) } else { InMemoryWalkStore() }
            let graph = CachedSocialGraph(
                AccountsSocialGraph(upstream: try runtime.accounts(), credential: runtime.credential),
                timeToLive: configuration.relationsCacheTTL)
            let walks = WalkService(
                walks: walkStore,
                media: MediaAttachmentsClient(upstream: try runtime.upstream("media", addresses: configuration.mediaAddresses)),
                graph: graph,
                groupWalks: EventsGroupWalks(
                    upstream: try runtime.upstream("events", addresses: configuration.eventsAddresses),
                    credential: runtime.credential),
                maxDuration: configuration.walkMaxDuration)
            var parts = ServiceParts(
                services: [
                    try service(store: store, notifications: notifications, runtime: runtime, configuration: configuration),
                    WalksGRPCService(walks: walks), ContentModerationGRPCService(OneKindModeration.walks(walks)),
                    PurgeGRPCService(
                        TripsPurge(trips: TripService(trips: store), places: store, walks: walks),
                        purgedUsers: PurgedUsers(database: runtime.database, schema: TripsMigrations.schema)),
                ],
                migrator: TripsMigrations.migrator)
            parts.outbox = store
            parts.purgeTargets = configuration.purgeTargets
            let listener = runtime.database.map { PostgresStreamListener.reminders(database: $0, streams: notifications, logger: runtime.logger) }
            parts.background = listener.map { [$0] } ?? []
            // Without a database there is no channel: the worker hands reminders to this process's streams.
            var announce: (@Sendable ([Reminder]) -> Void)?
            if listener == nil {
                announce = { reminders in
                    for reminder in reminders {
                        notifications.deliver(TripNotification.reminder(reminder, at: reminder.sentAt ?? Date()), to: reminder.ownerID)
                    }
                }
            }
            parts.workers = [
                ReminderWorker(reminders: store, interval: configuration.reminderInterval, announce: announce, logger: runtime.logger),
                WalkCloser(walks: walks, interval: configuration.walkCloseInterval, logger: runtime.logger),
                try runtime.publicationDelivery(queue: store.publications, notificationsAddresses: configuration.notificationsAddresses),
            ]
            parts.endStreams = { notifications.finishAll() }
            return parts
        }
    }

    /// The trips gRPC service over `store`, calling media.
    static func service(
        store: any Store, notifications: UserStreams<TripNotification>, runtime: ServiceRuntime,
        configuration: Configuration
    ) throws -> TripsGRPCService {
        let trips = TripService(trips: store)
        let media = try runtime.upstream("media", addresses: configuration.mediaAddresses)
        let library = MediaTripPhotos(upstream: media)
        let pins = PinService(
            trips: trips, pins: store, tracks: store, photos: library, media: MediaAttachmentsClient(upstream: media), places: store,
            policy: configuration.pinPolicy)
        return TripsGRPCService(
            trips: trips, pins: pins, tracks: TrackService(trips: trips, tracks: store, photos: library, positions: library),
            journal: JournalService(trips: trips, pins: pins, saved: store, journal: store, media: MediaAttachmentsClient(upstream: media)),
            places: PlaceService(places: store), savedPlaces: SavedPlaceService(trips: trips, saved: store),
            itinerary: ItineraryService(trips: trips, itinerary: store, saved: store), notifications: notifications,
            reminders: store)
    }
}
