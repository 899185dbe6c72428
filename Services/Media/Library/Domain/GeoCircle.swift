import RoamCore

/// Everything within `meters` of `center`.
public struct GeoCircle: Sendable, Hashable {
    public var center: GeoPoint
    public var meters: Double

    public init(center: GeoPoint, meters: Double) {
        self.center = center
        self.meters = meters
    }

    public func contains(_ point: GeoPoint) -> Bool {
        center.distance(to: point) <= meters
    }
}
