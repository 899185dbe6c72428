import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The itinerary and its iCalendar export.
extension TripsGRPCService {
    public func addItineraryItem(
        request: Roam_Trips_V1_AddItineraryItemRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_AddItineraryItemResponse
    {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let stop: ItineraryService.Stop
        if request.placeID.isEmpty {
            guard request.hasTitle else { throw RoamError.invalidField("place_id", "give a saved place, or a title of your own") }
            stop = .own(
                title: request.title,
                location: request.hasLocation
                    ? Destination(name: request.location.name, point: request.location.hasPoint ? GeoPoint(request.location.point) : nil) : nil)
        } else {
            guard !request.hasTitle, !request.hasLocation else {
                throw RoamError.invalidField(request.hasTitle ? "title" : "location", "is for an item without a place")
            }
            stop = .place(try UUID(field: "place_id", request.placeID))
        }
        let owner = try caller()
        let item = try await itinerary.add(
            stop, date: request.date, time: request.time.isEmpty ? nil : request.time,
            remindMinutesBefore: request.hasRemindMinutesBefore ? Int(request.remindMinutesBefore) : nil,
            note: request.note.isEmpty ? nil : request.note, trip: tripID, owner: owner)
        var name = ""
        if let place = item.placeID { name = try await places.place(place).details.name }
        return .with { $0.item = item.proto(placeName: name) }
    }

    public func listItinerary(
        request: Roam_Trips_V1_ListItineraryRequest, context _: ServerContext
    ) async throws -> Roam_Trips_V1_ListItineraryResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let owner = try caller()
        let trip = try await trips.trip(tripID, owner: owner)
        async let items = itinerary.items(of: trip)
        let (dayItems, saved) = try await (items, savedPlaces.savedPlaces(of: trip))
        return .with { $0.items = ItineraryItem.protos(dayItems, saved: saved) }
    }

    public func removeItineraryItem(
        request: Roam_Trips_V1_RemoveItineraryItemRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_RemoveItineraryItemResponse
    {
        let (tripID, itemID) = try ids(trip: request.tripID, "item_id", request.itemID)
        try await itinerary.remove(itemID, trip: tripID, owner: caller())
        return .init()
    }

    public func exportItinerary(
        request: Roam_Trips_V1_ExportItineraryRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_ExportItineraryResponse
    {
        let calendar = try await itinerary.calendar(ofTrip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with { $0.calendar = calendar }
    }
}

extension ItineraryItem {
    /// The items as sent, each with the name of its saved place.
    static func protos(_ items: [ItineraryItem], saved: [SavedPlace]) -> [Roam_Trips_V1_ItineraryItem] {
        let names = Dictionary(saved.map { ($0.place.id, $0.place.details.name) }) { first, _ in first }
        return items.map { $0.proto(placeName: $0.placeID.flatMap { names[$0] } ?? "") }
    }

    func proto(placeName: String) -> Roam_Trips_V1_ItineraryItem {
        .with {
            $0.id = id.lowercasedString
            $0.tripID = tripID.lowercasedString
            $0.placeID = placeID?.lowercasedString ?? ""
            $0.title = title
            if let location {
                $0.location = .with {
                    $0.name = location.name
                    if let point = location.point { $0.point = point.proto }
                }
            }
            $0.placeName = placeName
            $0.date = plan.date.description
            if let minute = plan.minuteOfDay { $0.time = String(format: "%02d:%02d", minute / 60, minute % 60) }
            $0.remindMinutesBefore = Int32(plan.remindMinutesBefore)
            $0.remindAt = .init(date: remindAt)
            $0.note = plan.note ?? ""
        }
    }
}
