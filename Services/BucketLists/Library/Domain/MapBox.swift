import RoamCore

/// A map's visible box: south-west and north-east corners. West may lie east of east when the box
/// crosses the antimeridian.
public struct MapBox: Sendable, Hashable {
    public var southWest: GeoPoint
    public var northEast: GeoPoint

    public var crossesAntimeridian: Bool { southWest.longitude > northEast.longitude }

    public func contains(_ point: GeoPoint) -> Bool {
        guard southWest.latitude <= point.latitude && point.latitude <= northEast.latitude else { return false }
        return crossesAntimeridian
            ? point.longitude >= southWest.longitude || point.longitude <= northEast.longitude
            : southWest.longitude <= point.longitude && point.longitude <= northEast.longitude
    }

    func validate(into validation: inout Validation) {
        southWest.validate("box.south_west", into: &validation)
        northEast.validate("box.north_east", into: &validation)
        validation.require(southWest.latitude <= northEast.latitude, "box.north_east.latitude", "must not be south of the south-west corner")
    }
}
