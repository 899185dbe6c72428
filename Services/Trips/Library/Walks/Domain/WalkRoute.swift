import Foundation
import RoamCore

/// What a finished walk's recorded points come to: how far (along the points in time order), how many,
/// and a preview of a few dozen points for lists and maps.
public struct WalkRoute: Sendable, Hashable {
    /// A preview keeps at most this many points.
    public static let previewLimit = 64

    public var distanceMeters: Double
    public var pointCount: Int
    public var preview: [GeoPoint]

    public init(distanceMeters: Double = 0, pointCount: Int = 0, preview: [GeoPoint] = []) {
        self.distanceMeters = distanceMeters
        self.pointCount = pointCount
        self.preview = preview
    }

    /// From the points in time order: the distance is the sum of the steps between them; the preview is
    /// the path simplified (Douglas–Peucker) with a tolerance doubled from 5 m until it fits.
    public init(points: [TrackPoint]) {
        let ordered = points.sorted { $0.at < $1.at }
        distanceMeters = zip(ordered, ordered.dropFirst()).reduce(0) { $0 + $1.0.point.distance(to: $1.1.point) }
        pointCount = ordered.count
        var tolerance = 5.0
        var simplified = TrackSimplifier.simplified(ordered, toleranceMeters: tolerance)
        while simplified.count > Self.previewLimit {
            tolerance *= 2
            simplified = TrackSimplifier.simplified(simplified, toleranceMeters: tolerance)
        }
        preview = simplified.map(\.point)
    }
}
