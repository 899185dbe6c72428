import Foundation
import RoamCore

/// A place a user follows: stories pinned within `radiusMeters` of it reach their home timeline.
public struct FollowedPlace: Sendable, Equatable {
    public static let radiusRange = 10.0...5_000.0
    public static let defaultRadius = 200.0

    public var id: UUID
    public var userID: UUID
    /// Rounded to 5 decimals (about a metre), which is also how a place is named when unfollowed.
    public var point: GeoPoint
    public var name: String
    public var radiusMeters: Double
    public var createdAt: Date

    public init(id: UUID, userID: UUID, point: GeoPoint, name: String, radiusMeters: Double, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.point = Self.key(point)
        self.name = name
        self.radiusMeters = radiusMeters
        self.createdAt = createdAt
    }

    /// The point a place is known by: the same coordinates give the same key.
    public static func key(_ point: GeoPoint) -> GeoPoint {
        GeoPoint(latitude: (point.latitude * 100_000).rounded() / 100_000, longitude: (point.longitude * 100_000).rounded() / 100_000)
    }

    func validate() throws(RoamError) {
        var validation = Validation()
        point.validate("position", into: &validation)
        validation.requireStorable(name, "name")
        validation.require(PostDraft.placeNameLength.contains(name.count), "name", "must be 1 to 120 characters")
        validation.require(
            radiusMeters.isFinite && Self.radiusRange.contains(radiusMeters), "radius_meters",
            "must be between 10 and 5,000 metres")
        try validation.check()
    }
}
