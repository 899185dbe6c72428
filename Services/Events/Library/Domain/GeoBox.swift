import Foundation
import RoamCore

/// A latitude/longitude rectangle, in degrees.
public struct GeoBox: Sendable, Equatable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public func contains(_ point: GeoPoint) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }
}
