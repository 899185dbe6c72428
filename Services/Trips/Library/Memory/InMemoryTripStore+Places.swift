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

    public func places(matching query: PlaceQuery, limit: Int) async throws -> [(place: Place, meters: Double)] {
        let found = state.withLock { state in
            state.places.values.compactMap { place -> (place: Place, meters: Double)? in
                let meters = query.near.distance(to: place.details.point)
                guard meters <= query.withinMeters, query.category.map({ $0 == place.details.category }) ?? true,
                      query.namePrefix.map({ place.details.name.lowercased().hasPrefix($0) }) ?? true else { return nil }
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
