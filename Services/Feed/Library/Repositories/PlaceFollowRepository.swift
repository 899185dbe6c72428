import Foundation
import RoamRuntime

/// Places users follow.
public protocol PlaceFollowRepository: Sendable {
    /// Follows the place or, when followed already, updates its name and radius.
    func follow(_ place: FollowedPlace) async throws -> FollowedPlace
    /// Returns false when the user did not follow a place at that (rounded) point.
    func unfollowPlace(at point: GeoPoint, by user: UUID) async throws -> Bool
    /// The user's followed places, most recent first.
    func followedPlaces(by user: UUID, page: PageRequest) async throws -> Page<FollowedPlace>
}
