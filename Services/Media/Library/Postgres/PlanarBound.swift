import Foundation
import RoamCore

/// A circle in degrees that holds every point within some metres of a place on the sphere, so a
/// search in plain coordinates (the planar index) can find them all before each is measured exactly.
/// At latitude φ a metre is 1/R radians north and at most 1/(R cos φ) east, so a point d metres away
/// lies within d/(R cos φ′) degrees, φ′ the farthest latitude it can have; a metre is added for the
/// sphere's curvature over the distances used here. Near a pole or across the antimeridian a circle in
/// degrees does not hold them, and the search stays on the sphere.
enum PlanarBound {
    static let earthRadius = 6_371_008.8

    /// Whether the circle for `meters` around `point` stays clear of the poles and the antimeridian.
    static func holds(at point: GeoPoint, within meters: Double) -> Bool {
        let farthestLatitude = abs(point.latitude) + degrees((meters + 1) / earthRadius)
        return farthestLatitude <= 85 && abs(point.longitude) + radius(of: meters, at: point.latitude) < 180
    }

    /// The circle's radius in degrees for `meters` at `latitude` (where `holds`).
    static func radius(of meters: Double, at latitude: Double) -> Double {
        let reach = degrees((meters + 1) / earthRadius)
        return reach / cos(radians(abs(latitude) + reach))
    }

    /// `radius` as SQL over two expressions (metres and the place's latitude).
    static func degreesSQL(meters: String, latitude: String) -> String {
        "degrees((\(meters) + 1) / \(earthRadius)) / cos(radians(abs(\(latitude)) + degrees((\(meters) + 1) / \(earthRadius))))"
    }

    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
