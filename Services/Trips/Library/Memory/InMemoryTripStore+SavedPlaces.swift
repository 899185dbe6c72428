import Foundation
import RoamCore

/// Saved places beside their trips, under the same lock, so a deleted trip takes them.
extension InMemoryTripStore: SavedPlacesRepository {
    public func save(_ place: UUID, toTrip trip: UUID, owner: UUID, at time: Date) async throws -> SavedPlaceOutcome? {
        state.withLock { state in
            guard let stored = state.trips[trip], stored.ownerID == owner, let catalogPlace = state.places[place],
                catalogPlace.isVisible(to: owner)
            else { return nil }
            if state.savedPlaces[trip]?[place] != nil { return .alreadySaved }
            let savedAt = TimedCursor(time: time, id: place).time
            state.savedPlaces[trip, default: [:]][place] = savedAt
            return .saved(SavedPlace(tripID: trip, place: catalogPlace, savedAt: savedAt))
        }
    }

    public func savedPlaces(ofTrip trip: UUID, owner: UUID) async throws -> [SavedPlace] {
        state.withLock { state in
            guard let stored = state.trips[trip], stored.ownerID == owner else { return [] }
            return (state.savedPlaces[trip] ?? [:]).compactMap { place, savedAt in
                state.places[place].map { SavedPlace(tripID: trip, place: $0, savedAt: savedAt) }
            }
            .sorted { ($0.savedAt, $0.place.id.uuidString) > ($1.savedAt, $1.place.id.uuidString) }
        }
    }

    public func unsave(_ place: UUID, fromTrip trip: UUID, owner: UUID) async throws -> Bool {
        state.withLock { state in
            guard let stored = state.trips[trip], stored.ownerID == owner else { return false }
            return state.savedPlaces[trip]?.removeValue(forKey: place) != nil
        }
    }
}
