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

    public func summarizeTrip(
        request: Roam_Trips_V1_SummarizeTripRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_SummarizeTripResponse
    {
        let owner = try caller()
        let trip = try await trips.trip(UUID(field: "trip_id", request.tripID), owner: owner)
        let days = TripDayTotals.days(
            of: trip, pins: try await pins.pinCounts(of: trip), entries: try await journal.entryCounts(of: trip),
            itinerary: try await itinerary.items(ofTrip: trip.id, owner: owner),
            track: try await tracks.wholeTrack(of: trip))
        return .with {
            $0.trip = trip.proto(at: trips.now())
            $0.days = days.map { day in
                .with {
                    $0.date = day.date.description
                    $0.pins = Int32(clamping: day.pins)
                    $0.journalEntries = Int32(clamping: day.journalEntries)
                    $0.itineraryItems = Int32(clamping: day.itineraryItems)
                    $0.distanceMeters = day.distanceMeters
                }
            }
            $0.distanceMeters = days.reduce(0) { $0 + $1.distanceMeters }
        }
    }

    public func getCalendar(request: Roam_Trips_V1_GetCalendarRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetCalendarResponse {
        var entries: [(trip: Trip, days: [LocalDate], pinCounts: [LocalDate: Int], entryCounts: [LocalDate: Int])] = []
        for entry in try await trips.calendar(request.month, owner: caller()) {
            entries.append((entry.trip, entry.days, try await pins.pinCounts(of: entry.trip), try await journal.entryCounts(of: entry.trip)))
        }
        let now = trips.now()
        return .with {
            $0.month = request.month
            $0.trips = entries.map { entry in
                .with {
                    $0.trip = entry.trip.proto(at: now)
                    $0.days = entry.days.map { day in
                        .with {
                            $0.date = day.description
                            $0.pins = Int32(entry.pinCounts[day] ?? 0)
                            $0.journalEntries = Int32(entry.entryCounts[day] ?? 0)
                        }
                    }
                }
            }
        }
    }
}
