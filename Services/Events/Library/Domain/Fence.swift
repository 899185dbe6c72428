import Foundation
import RoamCore

/// An event's circular geofence and the rules for being inside it.
public struct Fence: Sendable, Hashable {
    public var center: GeoPoint
    public var radiusMeters: Double

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

extension Fence {
    /// A rectangle that holds the whole fence, for a spatial index to narrow by. A fence reaching a
    /// pole or across the antimeridian gets every longitude, which is larger than needed but never
    /// too small.
    public var boundingBox: GeoBox {
        // A metre of slack for rounding.
        let reach = radiusMeters + 1
        let latitudeDelta = reach / GeoPoint.earthRadiusMeters * 180 / .pi
        let south = center.latitude - latitudeDelta, north = center.latitude + latitudeDelta
        guard south > -90, north < 90 else {
            return GeoBox(south: max(south, -90), west: -180, north: min(north, 90), east: 180)
        }
        // Longitude degrees are shortest at the latitude farthest from the equator.
        let widest = max(abs(south), abs(north)) * .pi / 180
        let longitudeDelta = asin(min(1, sin(reach / GeoPoint.earthRadiusMeters) / cos(widest))) * 180 / .pi
        let west = center.longitude - longitudeDelta, east = center.longitude + longitudeDelta
        guard west >= -180, east <= 180 else { return GeoBox(south: south, west: -180, north: north, east: 180) }
        return GeoBox(south: south, west: west, north: north, east: east)
    }
}
