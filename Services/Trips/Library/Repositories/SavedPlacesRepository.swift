import Foundation
import RoamCore

/// Places saved to trips, deleted with their trip.
public protocol SavedPlacesRepository: Sendable {
    /// Saves the place to the owner's trip; nil when there is no such trip or place.
    func save(_ place: UUID, toTrip trip: UUID, owner: UUID, at time: Date) async throws -> SavedPlaceOutcome?
    /// The trip's saved places, latest saved first.
    func savedPlaces(ofTrip trip: UUID, owner: UUID) async throws -> [SavedPlace]
    /// Whether it was saved (and is no more).
    func unsave(_ place: UUID, fromTrip trip: UUID, owner: UUID) async throws -> Bool
}
