import Foundation
import RoamCore

/// A trip's itinerary, deleted with the trip.
public protocol ItineraryRepository: Sendable {
    /// Stores the item; nil when the owner has no such trip.
    func addItem(_ item: ItineraryItem) async throws -> ItineraryItem?
    /// The trip's items by day, then time (untimed first), then when they were added.
    func itinerary(ofTrip trip: UUID, owner: UUID) async throws -> [ItineraryItem]
    /// Whether there was such an item to remove.
    func removeItem(_ id: UUID, owner: UUID) async throws -> Bool
}
