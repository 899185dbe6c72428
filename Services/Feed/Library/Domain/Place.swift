import Foundation
import RoamCore

/// A place a story is pinned to.
public struct Place: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var name: String

    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}
