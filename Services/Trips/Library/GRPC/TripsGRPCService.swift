import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The gRPC face of the trips service: converts messages and calls `TripService` for the caller.
public struct TripsGRPCService: Roam_Trips_V1_TripsService.SimpleServiceProtocol, ActsForCaller {
    let trips: TripService
    let pins: PinService
    let tracks: TrackService
    let journal: JournalService
    let places: PlaceService
    let savedPlaces: SavedPlaceService
    let itinerary: ItineraryService
    let diary: TripDiaryService
    /// The streams open on this replica, fed by the reminder listener (or worker, in memory).
    let notifications: UserStreams<TripNotification>
    /// What a returning stream missed.
    let reminders: any ReminderRepository

    public init(
        trips: TripService, pins: PinService, tracks: TrackService, journal: JournalService, places: PlaceService,
        savedPlaces: SavedPlaceService, itinerary: ItineraryService, notifications: UserStreams<TripNotification>,
        reminders: any ReminderRepository
    ) {
        self.trips = trips
        self.pins = pins
        self.tracks = tracks
        self.journal = journal
        self.places = places
        self.savedPlaces = savedPlaces
        self.itinerary = itinerary
        self.diary = TripDiaryService(
            trips: trips, pins: pins, tracks: tracks, journal: journal, savedPlaces: savedPlaces, itinerary: itinerary)
        self.notifications = notifications
        self.reminders = reminders
    }

    /// The trip and the thing in it a request names (`trip_id`, `pin_id`…); each that is not a UUID is named.
    func ids(trip: String, _ field: String, _ other: String) throws(RoamError) -> (UUID, UUID) {
        var validation = Validation()
        let tripID = UUID(uuidString: trip), otherID = UUID(uuidString: other)
        validation.require(tripID != nil, "trip_id", "must be a UUID")
        validation.require(otherID != nil, field, "must be a UUID")
        try validation.check()
        return (tripID!, otherID!)
    }

    public func createTrip(request: Roam_Trips_V1_CreateTripRequest, context _: ServerContext) async throws -> Roam_Trips_V1_CreateTripResponse {
        let owner = try caller()
        let fields = request.trip
        let draft = TripDraft(
            title: fields.title, destination: Destination(fields.destination), startDate: fields.startDate,
            endDate: fields.endDate, timeZone: fields.timeZone, homeCurrency: fields.homeCurrency)
        let trip = try await trips.create(draft, owner: owner, idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.trip = trip.proto(at: trips.now()) }
    }

    public func getTrip(request: Roam_Trips_V1_GetTripRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetTripResponse {
        let trip = try await trips.trip(UUID(field: "trip_id", request.tripID), owner: caller())
        return .with { $0.trip = trip.proto(at: trips.now()) }
    }

    public func listMyTrips(request: Roam_Trips_V1_ListMyTripsRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ListMyTripsResponse {
        let page = try await trips.trips(of: caller(), phase: TripPhase(field: "phase", request.phase), page: request.page.domain())
        let now = trips.now()
        return .with {
            $0.trips = page.items.map { $0.proto(at: now) }
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updateTrip(request: Roam_Trips_V1_UpdateTripRequest, context _: ServerContext) async throws -> Roam_Trips_V1_UpdateTripResponse {
        let changes = TripChanges(
            title: request.hasTitle ? request.title : nil,
            destination: request.hasDestination ? Destination(request.destination) : nil,
            startDate: request.hasStartDate ? request.startDate : nil, endDate: request.hasEndDate ? request.endDate : nil,
            timeZone: request.hasTimeZone ? request.timeZone : nil,
            homeCurrency: request.hasHomeCurrency ? request.homeCurrency : nil)
        let trip = try await trips.update(UUID(field: "trip_id", request.tripID), with: changes, owner: caller())
        return .with { $0.trip = trip.proto(at: trips.now()) }
    }

    public func deleteTrip(request: Roam_Trips_V1_DeleteTripRequest, context _: ServerContext) async throws -> Roam_Trips_V1_DeleteTripResponse {
        try await trips.delete(UUID(field: "trip_id", request.tripID), owner: caller())
        return .init()
    }
}
