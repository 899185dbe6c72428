import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// One day of a trip in one call: the trips part of the gateway's day page. Five calls to trips there
/// cost five gRPC exchanges, and on two cores their transport alone cost more than their queries. Here
/// the trip is read and checked once, its pieces are read concurrently, and what two pieces share is
/// read once: the route is drawn from the day's pins and track as the page shows them.
extension TripsGRPCService {
    public func getDay(request: Roam_Trips_V1_GetDayRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetDayResponse {
        let owner = try caller()
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try LocalDate(field: "date", request.date)
        guard request.pageSize >= 0 else { throw RoamError.invalidField("page_size", "must not be negative") }
        let page = PageRequest(size: request.pageSize == 0 ? 100 : min(Int(request.pageSize), PageRequest.maximumSize))
        let trip = try await trips.trip(tripID, owner: owner)
        try PinService.requireDay(day, of: trip, field: "date")
        let today = trip.details.zone.date(of: trips.now())
        let phase: Roam_Trips_V1_DayPhase = day < today ? .past : day == today ? .today : .future

        // The itinerary's place names come from the saved places, which a future day also lists.
        async let items = itinerary.items(of: trip)
        async let saved = savedPlaces.savedPlaces(of: trip)
        guard phase != .future else {
            let (dayItems, places) = try await (items, saved)
            return .with {
                $0.date = request.date
                $0.phase = phase
                $0.itinerary = ItineraryItem.protos(dayItems.filter { $0.plan.date == day }, saved: places)
                $0.savedPlaces = places.map(\.proto)
            }
        }
        async let entries = journal.entries(of: trip, on: day, page: page)
        async let track = tracks.track(of: trip, on: day, toleranceMeters: nil)
        let pinsPage = try await pins.pins(of: trip, on: day, page: page)
        // Covers ask media, the longest piece: the route and the rest are read meanwhile.
        async let pinViews = view(pinsPage.items, trip: trip)
        let dayTrack = try await track
        let route = try await pins.route(of: trip, on: day, firstPins: pinsPage, track: dayTrack)
        let entriesPage = try await entries
        async let entryViews = view(entriesPage.items, trip: trip)
        let (dayItems, places, journalViews, pinsViews) = try await (items, saved, entryViews, pinViews)
        return .with {
            $0.date = request.date
            $0.phase = phase
            $0.journalEntries = journalViews
            $0.journalPage = .init(cursor: entriesPage.nextCursor)
            $0.pins = pinsViews
            $0.pinsPage = .init(cursor: pinsPage.nextCursor)
            $0.route = route.proto
            $0.track = dayTrack.proto(day)
            $0.itinerary = ItineraryItem.protos(dayItems.filter { $0.plan.date == day }, saved: places)
        }
    }
}
