import Foundation
import RoamCore

/// Where to look for stories: within a distance of a point, or inside a map's visible box.
public enum StoryArea: Sendable, Equatable {
    case circle(center: GeoPoint, radiusMeters: Double)
    /// `west` may be greater than `east` when the box spans the antimeridian.
    case box(south: Double, west: Double, north: Double, east: Double)

    public static let radiusRange = 1.0...50_000.0

    public func contains(_ point: GeoPoint) -> Bool {
        switch self {
        case .circle(let center, let radius):
            return center.distance(to: point) <= radius
        case .box(let south, let west, let north, let east):
            guard (south...north).contains(point.latitude) else { return false }
            return west <= east ? (west...east).contains(point.longitude) : point.longitude >= west || point.longitude <= east
        }
    }

    func validate(into validation: inout Validation) {
        switch self {
        case .circle(let center, let radius):
            center.validate("near.center", into: &validation)
            validation.require(
                radius.isFinite && Self.radiusRange.contains(radius), "near.radius_meters",
                "must be between 1 and 50,000 metres")
        case .box(let south, let west, let north, let east):
            for (value, field, range) in [
                (south, "south", -90.0...90), (north, "north", -90...90), (west, "west", -180...180),
                (east, "east", -180...180),
            ] {
                validation.require(
                    value.isFinite && range.contains(value), "box.\(field)",
                    "must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
            }
            validation.require(south <= north, "box.south", "must not be north of box.north")
        }
    }
}
