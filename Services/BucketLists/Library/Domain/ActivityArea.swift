import RoamCore

/// Where to look for activities.
public enum ActivityArea: Sendable, Hashable {
    /// Within `meters` of `center`.
    case circle(center: GeoPoint, meters: Double)
    case box(MapBox)

    public func contains(_ point: GeoPoint) -> Bool {
        switch self {
        case .circle(let center, let meters): center.distance(to: point) <= meters
        case .box(let box): box.contains(point)
        }
    }

    /// The point distances are measured from: a circle's centre.
    public var center: GeoPoint? {
        if case .circle(let center, _) = self { return center }
        return nil
    }
}
