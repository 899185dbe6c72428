import Foundation
import RoamCore

/// What trips forget of a deleted user: their trips with everything in them, their place ratings (the
/// places' averages come down), the places they added and their walks. A deleted trip is gone here
/// already, and trips keep nothing of events.
public struct TripsPurge: Purgeable {
    let trips: TripService
    let places: any PlacesRepository
    let walks: WalkService

    public func purge(user: UUID) async throws -> [String: Int] {
        [
            "trips": try await trips.purgeUser(user), "place_ratings": try await places.removeRatings(by: user),
            "own_places": try await places.deleteOwnPlaces(of: user), "walks": try await walks.purgeUser(user),
        ]
    }
}
