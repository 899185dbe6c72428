import Foundation

/// A stretch of track: its points in time order, split from the next where the phone went quiet for
/// more than `TrackSegmentation.maxGap` or jumped more than `TrackSegmentation.maxJump`.
public struct Track: Sendable, Hashable {
    public let segments: [[TrackPoint]]
    /// Along the recorded points (before any simplification), within segments.
    public let distanceMeters: Double
    /// How many points were recorded, before any simplification.
    public let recordedPoints: Int

    public var isEmpty: Bool { recordedPoints == 0 }
}
