import Foundation
import RoamCore

/// The places catalog in memory, ordered and measured as PostGIS does it for `PostgresTripStore`.
extension InMemoryTripStore: PlacesRepository {
    public func importPlaces(_ places: [(details: PlaceDetails, rating: Double, ratingCount: Int)]) async throws -> Int {
        state.withLock { state in
            var new = 0
            for item in places {
                if let id = state.placeIDs[item.details.sourceID], var place = state.places[id] {
                    place.details = item.details
                    place.sourceRating = item.rating
                    place.sourceRatingCount = item.ratingCount
                    state.places[id] = place
                } else {
                    let id = UUID.v7(at: Date())
                    state.places[id] = Place(id: id, details: item.details, sourceRating: item.rating, sourceRatingCount: item.ratingCount)
                    state.placeIDs[item.details.sourceID] = id
                    new += 1
                }
            }
            return new
        }
    }

    public func place(_ id: UUID) async throws -> Place? {
        state.withLock { $0.places[id] }
    }

    public func addOwnPlace(_ place: Place, idempotencyKey: String?) async throws -> Place {
        try state.withLock { state throws(RoamError) in
            let key = idempotencyKey.map { "place/\(place.ownerID?.lowercasedString ?? "")/\($0)" }
            if let key, let first = state.idempotencyKeys[key].flatMap({ state.places[$0] }) {
                try state.fingerprints.checkReplay(key)
                return first
            }
            state.places[place.id] = place
            state.placeIDs[place.details.sourceID] = place.id
            if let key {
                state.idempotencyKeys[key] = place.id
                state.fingerprints.remember(key)
            }
            return place
        }
    }

    public func deleteOwnPlace(_ id: UUID, owner: UUID) async throws -> Bool {
        state.withLock { state in
            guard let place = state.places[id], place.ownerID == owner else { return false }
            state.removePlace(place)
            return true
        }
    }

    public func deleteOwnPlaces(of owner: UUID) async throws -> Int {
        state.withLock { state in
            let theirs = state.places.values.filter { $0.ownerID == owner }
            for place in theirs { state.removePlace(place) }
            return theirs.count
        }
    }

    public func places(matching query: PlaceQuery, limit: Int) async throws -> [(place: Place, meters: Double)] {
        let found = state.withLock { state in
            state.places.values.compactMap { place -> (place: Place, meters: Double)? in
                let meters = query.near.distance(to: place.details.point)
                guard meters <= query.withinMeters, place.isVisible(to: query.reader), query.category.map({ $0 == place.details.category }) ?? true,
                    query.namePrefix.map({ place.details.name.lowercased().hasPrefix($0) }) ?? true
                else { return nil }
                return (place, meters)
            }
        }
        return Array(found.sorted(by: query.precedes).prefix(limit))
    }

    public func rate(_ place: UUID, stars: Int, by user: UUID) async throws -> Place? {
        state.withLock { state in
            guard var stored = state.places[place] else { return nil }
            let previous = state.placeRatings[place]?[user]
            stored.userRatingSum += stars - (previous ?? 0)
            stored.userRatingCount += previous == nil ? 1 : 0
            state.placeRatings[place, default: [:]][user] = stars
            state.places[place] = stored
            return stored
        }
    }

    public func ratings(of places: [UUID], by user: UUID) async throws -> [UUID: Int] {
        state.withLock { state in
            places.reduce(into: [:]) { found, place in found[place] = state.placeRatings[place]?[user] }
        }
    }

    public func removeRatings(by user: UUID) async throws -> Int {
        state.withLock { state in
            var removed = 0
            for (place, ratings) in state.placeRatings {
                guard let stars = ratings[user] else { continue }
                state.placeRatings[place]?[user] = nil
                state.places[place]?.userRatingSum -= stars
                state.places[place]?.userRatingCount -= 1
                removed += 1
            }
            return removed
        }
    }
}

extension InMemoryTripStore.State {
    /// A place goes with its ratings and its saves to trips, as PostgreSQL's foreign keys take them.
    mutating func removePlace(_ place: Place) {
        places[place.id] = nil
        placeIDs[place.details.sourceID] = nil
        placeRatings[place.id] = nil
        for trip in savedPlaces.keys { savedPlaces[trip]?[place.id] = nil }
        // A pin outlives its place, keeping its point (the table's ON DELETE SET NULL).
        for (id, pin) in pins where pin.details.placeID == place.id { pins[id]?.details.placeID = nil }
    }
}
