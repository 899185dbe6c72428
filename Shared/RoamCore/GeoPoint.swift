import Foundation

/// A WGS84 position in degrees.
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// The mean Earth radius PostGIS uses for spherical distances, so distances computed here and in
    /// the database agree to the centimetre.
    public static let earthRadiusMeters = 6_371_008.8

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Checks the ranges, naming `field` (e.g. `center`) in the error.
    public func validate(_ field: String, into validation: inout Validation) {
        validation.require(latitude.isFinite && (-90...90).contains(latitude), "\(field).latitude", "must be between -90 and 90")
        validation.require(longitude.isFinite && (-180...180).contains(longitude), "\(field).longitude", "must be between -180 and 180")
    }

    /// Great-circle (haversine) distance in metres.
    public func distance(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadiusMeters * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// The point `meters` away towards `bearing` degrees (0 = north, 90 = east).
    public func moved(meters: Double, bearing: Double) -> GeoPoint {
        let δ = meters / Self.earthRadiusMeters, θ = bearing * .pi / 180
        let φ1 = latitude * .pi / 180, λ1 = longitude * .pi / 180
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        return GeoPoint(latitude: φ2 * 180 / .pi, longitude: (λ2 * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180)
    }
}
