import Foundation
import RoamCore

/// The places catalog and its users' ratings.
public protocol PlacesRepository: Sendable {
    /// Inserts the places, or updates those whose source id is known (their ratings by users stay);
    /// answers how many were new.
    func importPlaces(_ places: [(details: PlaceDetails, rating: Double, ratingCount: Int)]) async throws -> Int
    func place(_ id: UUID) async throws -> Place?
    /// Stores a place a user added (its `ownerID` set); with an idempotency key they used before, that
    /// first place instead.
    func addOwnPlace(_ place: Place, idempotencyKey: String?) async throws -> Place
    /// Deletes a place the owner added, with its ratings and its saves to trips; whether there was one.
    func deleteOwnPlace(_ id: UUID, owner: UUID) async throws -> Bool
    /// Deletes every place the user added (a deleted account); how many.
    func deleteOwnPlaces(of owner: UUID) async throws -> Int
    /// Places within the query's radius matching its filters (the catalog's and the query's reader's own), in its order, at most `limit` (places
    /// without a price go last in price orders). Each with its distance.
    func places(matching query: PlaceQuery, limit: Int) async throws -> [(place: Place, meters: Double)]
    /// Sets `user`'s rating of the place (1–5), replacing theirs if any, keeping the sums exact; nil
    /// when there is no such place.
    func rate(_ place: UUID, stars: Int, by user: UUID) async throws -> Place?
    /// The stars `user` gave each of the places they rated.
    func ratings(of places: [UUID], by user: UUID) async throws -> [UUID: Int]
    /// A deleted account's ratings go, and the places' sums with them; answers how many.
    func removeRatings(by user: UUID) async throws -> Int
}
