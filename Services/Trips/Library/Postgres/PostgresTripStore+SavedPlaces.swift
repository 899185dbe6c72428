import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Saved places in `trips.saved_places`, deleted with their trip (or their place) by foreign keys.
extension PostgresTripStore: SavedPlacesRepository {
    public func save(_ place: UUID, toTrip trip: UUID, owner: UUID, at time: Date) async throws -> SavedPlaceOutcome? {
        let inserted = try await database.query(
            """
            INSERT INTO trips.saved_places (trip_id, place_id, owner_id, saved_at)
            SELECT t.id, p.id, t.owner_id, \(time) FROM trips.trips t, trips.places p
            WHERE t.id = \(trip) AND t.owner_id = \(owner) AND p.id = \(place) AND (p.owner_id IS NULL OR p.owner_id = \(owner))
            ON CONFLICT (trip_id, place_id) DO NOTHING
            RETURNING saved_at
            """)
        if let row = inserted.first {
            guard let catalogPlace = try await self.place(place) else { return nil }
            return .saved(SavedPlace(tripID: trip, place: catalogPlace, savedAt: try row.decode(Date.self)))
        }
        let known = try await database.query(
            """
            SELECT 1 FROM trips.saved_places WHERE trip_id = \(trip) AND place_id = \(place) AND owner_id = \(owner)
            """)
        return known.isEmpty ? nil : .alreadySaved
    }

    public func savedPlaces(ofTrip trip: UUID, owner: UUID) async throws -> [SavedPlace] {
        try await database.query(
            """
            SELECT \(unescaped: Self.placeColumns), saved_at FROM (
                SELECT p.*, s.saved_at FROM trips.saved_places s JOIN trips.places p ON p.id = s.place_id
                WHERE s.trip_id = \(trip) AND s.owner_id = \(owner)
            ) saved
            ORDER BY saved_at DESC, id DESC
            """
        ).map { row in
            SavedPlace(tripID: trip, place: try Self.decodePlace(row), savedAt: try row.decode(Date.self, named: "saved_at"))
        }
    }

    public func unsave(_ place: UUID, fromTrip trip: UUID, owner: UUID) async throws -> Bool {
        !(try await database.query(
            """
            DELETE FROM trips.saved_places WHERE trip_id = \(trip) AND place_id = \(place) AND owner_id = \(owner) RETURNING 1
            """)).isEmpty
    }
}
