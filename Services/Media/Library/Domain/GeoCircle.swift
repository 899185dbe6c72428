import RoamCore

/// Everything within `meters` of `center`.
public struct GeoCircle: Sendable, Hashable {
    public var center: GeoPoint
    public var meters: Double

    public func contains(_ point: GeoPoint) -> Bool {
        center.distance(to: point) <= meters
    }
}
