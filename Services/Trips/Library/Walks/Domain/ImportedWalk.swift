import Foundation
import RoamCore

/// What a GPX file holds for a walk: its name, the track's points (each with a time) and waypoints.
public struct ImportedWalk: Sendable {
    public var name: String
    public var description: String
    public var points: [TrackPoint]
    public var waypoints: [(point: GeoPoint, name: String, note: String)]

    public init(name: String, description: String = "", points: [TrackPoint], waypoints: [(point: GeoPoint, name: String, note: String)] = []) {
        self.name = name
        self.description = description
        self.points = points
        self.waypoints = waypoints
    }
}
