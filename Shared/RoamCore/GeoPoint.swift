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

    /// Great-circle (haversine) distance in metres (angles in radians).
    public func distance(to other: GeoPoint) -> Double {
        let latitude1 = latitude * .pi / 180, latitude2 = other.latitude * .pi / 180
        let deltaLatitude = latitude2 - latitude1, deltaLongitude = (other.longitude - longitude) * .pi / 180
        let a = sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(latitude1) * cos(latitude2) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * Self.earthRadiusMeters * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// The point `meters` away towards `bearing` degrees (0 = north, 90 = east).
    public func moved(meters: Double, bearing: Double) -> GeoPoint {
        let angle = meters / Self.earthRadiusMeters, heading = bearing * .pi / 180
        let latitude1 = latitude * .pi / 180, longitude1 = longitude * .pi / 180
        let latitude2 = asin(sin(latitude1) * cos(angle) + cos(latitude1) * sin(angle) * cos(heading))
        let longitude2 = longitude1 + atan2(sin(heading) * sin(angle) * cos(latitude1), cos(angle) - sin(latitude1) * sin(latitude2))
        return GeoPoint(latitude: latitude2 * 180 / .pi, longitude: (longitude2 * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180)
    }
}
