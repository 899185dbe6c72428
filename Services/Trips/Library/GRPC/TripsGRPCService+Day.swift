import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// One day of a trip in one call: the trips part of the gateway's day page. Five calls to trips there
/// cost five gRPC exchanges, and on two cores their transport alone cost more than their queries; here
/// the pieces run concurrently in this process, each as its own call would.
extension TripsGRPCService {
    public func getDay(request: Roam_Trips_V1_GetDayRequest, context: ServerContext) async throws -> Roam_Trips_V1_GetDayResponse {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try LocalDate(field: "date", request.date)
        guard request.pageSize >= 0 else { throw RoamError.invalidField("page_size", "must not be negative") }
        let page: Roam_Common_V1_PageRequest = .with { $0.pageSize = request.pageSize == 0 ? 100 : request.pageSize }
        let trip = try await trips.trip(tripID, owner: owner)
        try PinService.requireDay(day, of: trip, field: "date")
        let today = trip.details.zone.date(of: trips.now())
        let phase: Roam_Trips_V1_DayPhase = day < today ? .past : day == today ? .today : .future
        let (id, date) = (request.tripID, request.date)

        async let itinerary = listItinerary(request: .with { $0.tripID = id }, context: context)
        guard phase != .future else {
            let saved = try await listSavedPlaces(request: .with { $0.tripID = id }, context: context)
            let items = try await itinerary
            return .with {
                $0.date = date
                $0.phase = phase
                $0.itinerary = items.items.filter { $0.date == date }
                $0.savedPlaces = saved.saved
            }
        }
        async let entries = listJournalEntries(request: .with { $0.tripID = id; $0.date = date; $0.page = page }, context: context)
        async let pins = listPins(request: .with { $0.tripID = id; $0.date = date; $0.page = page }, context: context)
        async let route = getDayRoute(request: .with { $0.tripID = id; $0.date = date }, context: context)
        async let track = getDayTrack(request: .with { $0.tripID = id; $0.date = date }, context: context)
        let (entriesPage, pinsPage, dayRoute, dayTrack, items) = try await (entries, pins, route, track, itinerary)
        return .with {
            $0.date = date
            $0.phase = phase
            $0.journalEntries = entriesPage.entries
            $0.journalPage = entriesPage.page
            $0.pins = pinsPage.pins
            $0.pinsPage = pinsPage.page
            $0.route = dayRoute
            $0.track = dayTrack
            $0.itinerary = items.items.filter { $0.date == date }
        }
    }
}
