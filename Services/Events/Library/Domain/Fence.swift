/// An event's circular geofence and the rules for being inside it.
public struct Fence: Sendable, Hashable {
    public var center: GeoPoint
    public var radiusMeters: Double

    public init(center: GeoPoint, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
    }

    /// How far beyond the radius a member may wander before being removed, so GPS jitter at the
    /// edge does not throw people out and let them back in over and over.
    public var hysteresisMeters: Double {
        max(radiusMeters * 0.1, 20)
    }

    public func distance(to point: GeoPoint) -> Double {
        center.distance(to: point)
    }

    /// Whether the exact point lies inside (discovery of "events here").
    public func contains(_ point: GeoPoint) -> Bool {
        distance(to: point) <= radiusMeters
    }

    /// Whether a position lets someone join: inside, giving the device the benefit of its accuracy
    /// circle. The caller checks the accuracy against the service's cap first.
    public func admits(_ position: ReportedPosition) -> Bool {
        distance(to: position.point) <= radiusMeters + position.accuracyMeters
    }

    /// Whether a member at this position has left: beyond the radius plus the hysteresis margin, or
    /// with the whole accuracy circle outside the fence.
    public func hasLeft(_ position: ReportedPosition) -> Bool {
        let distance = distance(to: position.point)
        return distance > radiusMeters + hysteresisMeters || distance - position.accuracyMeters > radiusMeters
    }
}
