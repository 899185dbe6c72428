import Foundation
import RoamCore

/// Where a track breaks into segments: a gap longer than 10 minutes or a jump longer than 1 km
/// (the phone was off, or the traveller took a train underground).
public enum TrackSegmentation {
    public static let maxGap: TimeInterval = 600
    public static let maxJump: Double = 1_000

    /// The points (in time order) cut into segments, and the distance along them.
    public static func segments(of points: [TrackPoint]) -> (segments: [[TrackPoint]], distanceMeters: Double) {
        var segments: [[TrackPoint]] = []
        var distance = 0.0
        for point in points {
            if let last = segments.last?.last {
                let step = last.point.distance(to: point.point)
                if point.at.timeIntervalSince(last.at) <= maxGap && step <= maxJump {
                    segments[segments.count - 1].append(point)
                    distance += step
                    continue
                }
            }
            segments.append([point])
        }
        return (segments, distance)
    }
}
