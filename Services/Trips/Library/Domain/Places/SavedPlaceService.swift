import Foundation
import RoamCore

/// Places of the catalog saved to a trip (seed TC-9, TC-10): saving one twice is a conflict, removing
/// one is harmless when it is not there.
public struct SavedPlaceService: Sendable {
    let trips: TripService
    let saved: any SavedPlacesRepository

    public func save(_ place: UUID, toTrip tripID: UUID, owner: UUID) async throws -> SavedPlace {
        _ = try await trips.trip(tripID, owner: owner)
        switch try await saved.save(place, toTrip: tripID, owner: owner, at: trips.now()) {
        case .saved(let savedPlace)?: return savedPlace
        case .alreadySaved?: throw TripsError.alreadySaved(place)
        case nil: throw RoamError.invalidField("place_id", "must be a place Roam knows")
        }
    }

    public func savedPlaces(ofTrip tripID: UUID, owner: UUID) async throws -> [SavedPlace] {
        try await savedPlaces(of: trips.trip(tripID, owner: owner))
    }

    /// The places saved to a trip its owner has already read.
    public func savedPlaces(of trip: Trip) async throws -> [SavedPlace] {
        try await saved.savedPlaces(ofTrip: trip.id, owner: trip.ownerID)
    }

    /// Takes a place off the trip; one the trip has not saved (or no longer) is not found.
    public func remove(_ place: UUID, fromTrip tripID: UUID, owner: UUID) async throws {
        _ = try await trips.trip(tripID, owner: owner)
        guard try await saved.unsave(place, fromTrip: tripID, owner: owner) else { throw RoamError.notFound("saved place") }
    }
}
