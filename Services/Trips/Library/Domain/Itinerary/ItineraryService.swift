import Foundation
import RoamCore

/// A trip's itinerary: saved places committed to its days, each with a reminder, and the whole as
/// iCalendar.
public struct ItineraryService: Sendable {
    let trips: TripService
    let itinerary: any ItineraryRepository
    let saved: any SavedPlacesRepository

    /// Commits a place saved to the trip to one of its days.
    public func add(
        _ place: UUID, date: String, time: String?, remindMinutesBefore: Int?, note: String?, trip tripID: UUID,
        owner: UUID
    ) async throws -> ItineraryItem {
        try await add(.place(place), date: date, time: time, remindMinutesBefore: remindMinutesBefore, note: note, trip: tripID, owner: owner)
    }

    /// What an item is made from: a place saved to the trip, or the traveller's own title and location.
    public enum Stop: Sendable {
        case place(UUID)
        case own(title: String, location: Destination?)
    }

    /// Adds an item to one of the trip's days: a saved place, or something of the traveller's own.
    public func add(
        _ stop: Stop, date: String, time: String?, remindMinutesBefore: Int?, note: String?, trip tripID: UUID,
        owner: UUID
    ) async throws -> ItineraryItem {
        let trip = try await trips.trip(tripID, owner: owner)
        let plan = try ItineraryPlan.validated(date: date, time: time, remindMinutesBefore: remindMinutesBefore, note: note, for: trip.details)
        var placeID: UUID?, title = "", location: Destination?
        switch stop {
        case .place(let place):
            guard try await saved.savedPlaces(ofTrip: tripID, owner: owner).contains(where: { $0.place.id == place }) else {
                throw RoamError(
                    .failedPrecondition, reason: "NOT_SAVED", message: "save the place to the trip first",
                    violations: [.init(field: "place_id", description: "must be saved to the trip first")])
            }
            placeID = place
        case .own(let ownTitle, let ownLocation):
            title = ownTitle.trimmingCharacters(in: .whitespacesAndNewlines)
            location = ownLocation.map { Destination(name: $0.name.trimmingCharacters(in: .whitespacesAndNewlines), point: $0.point) }
            var validation = Validation()
            validation.requireLine(title, "title", maxLength: ItineraryItem.maxTitleLength)
            if let location {
                if !location.name.isEmpty { validation.requireLine(location.name, "location.name", maxLength: ItineraryItem.maxTitleLength) }
                validation.require(!location.name.isEmpty || location.point != nil, "location", "needs a name or a point")
                location.point?.validate("location.point", into: &validation)
            }
            try validation.check()
        }
        let created = trips.now()
        let item = ItineraryItem(
            id: .v7(at: created), tripID: tripID, ownerID: owner, placeID: placeID, title: title, location: location,
            plan: plan, remindAt: plan.instants(in: trip.details.zone).remindAt, createdAt: created)
        guard let stored = try await itinerary.addItem(item) else { throw TripService.tripNotFound }
        return stored
    }

    public func items(ofTrip tripID: UUID, owner: UUID) async throws -> [ItineraryItem] {
        try await items(of: trips.trip(tripID, owner: owner))
    }

    /// The items of a trip its owner has already read.
    public func items(of trip: Trip) async throws -> [ItineraryItem] {
        try await itinerary.itinerary(ofTrip: trip.id, owner: trip.ownerID)
    }

    /// Removes an item; one not on the owner's trip's itinerary, or gone already, is not found.
    public func remove(_ id: UUID, trip tripID: UUID, owner: UUID) async throws {
        _ = try await trips.trip(tripID, owner: owner)
        guard try await itinerary.itinerary(ofTrip: tripID, owner: owner).contains(where: { $0.id == id }),
            try await itinerary.removeItem(id, owner: owner)
        else { throw RoamError.notFound("itinerary item") }
    }

    /// The itinerary as iCalendar, each item named after its place or by its own title.
    public func calendar(ofTrip tripID: UUID, owner: UUID) async throws -> String {
        let trip = try await trips.trip(tripID, owner: owner)
        let places = Dictionary(try await saved.savedPlaces(ofTrip: tripID, owner: owner).map { ($0.place.id, $0.place) }) { first, _ in first }
        let entries = try await itinerary.itinerary(ofTrip: tripID, owner: owner).map { item in
            let place = item.placeID.flatMap { places[$0] }
            return ItineraryCalendar.Entry(
                item: item, placeName: place?.details.name ?? (item.placeID == nil ? item.title : "A place"),
                address: place?.details.address ?? item.location?.name)
        }
        return ItineraryCalendar(trip: trip, entries: entries, stamp: trips.now()).text
    }
}
