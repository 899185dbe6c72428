import RoamRuntime

/// The trips process: the PostGIS store (or the in-memory one) and the outbox that tells budget and
/// media about deleted trips. `ServiceHost` does the rest.
public enum TripsApp {
    public static let defaultGRPCPort = 50055
    public static let defaultMetricsPort = 9105

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any TripRepository & PinRepository & TrackRepository & JournalRepository & PlacesRepository & SavedPlacesRepository & ItineraryRepository & OutboxRepository =
                if let database = runtime.database { PostgresTripStore(database: database) } else { InMemoryTripStore() }
            let trips = TripService(trips: store)
            let media = try runtime.upstream("media", addresses: configuration.mediaAddresses)
            let pins = PinService(trips: trips, pins: store, tracks: store, photos: MediaTripPhotos(upstream: media), media: MediaAttachmentsClient(upstream: media),
                                  policy: configuration.pinPolicy)
            let tracks = TrackService(trips: trips, tracks: store)
            let journal = JournalService(trips: trips, pins: pins, journal: store, media: MediaAttachmentsClient(upstream: media))
            let places = PlaceService(places: store)
            var parts = ServiceParts(services: [TripsGRPCService(trips: trips, pins: pins, tracks: tracks, journal: journal, places: places,
                                                                 savedPlaces: SavedPlaceService(trips: trips, saved: store),
                                                                 itinerary: ItineraryService(trips: trips, itinerary: store, saved: store)),
                                                TripsPurgeGRPCService(trips: trips, places: store)],
                                     migrator: TripsMigrations.migrator)
            parts.outbox = store
            parts.purgeTargets = configuration.purgeTargets
            return parts
        }
    }
}
