import RoamCore

/// Where a trip goes: a name, and a point when the traveller picked one on the map.
public struct Destination: Sendable, Hashable {
    public var name: String
    public var point: GeoPoint?

    public init(name: String, point: GeoPoint? = nil) {
        self.name = name
        self.point = point
    }
}
