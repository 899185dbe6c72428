import Foundation
import RoamCore

/// Where a photo without GPS was taken, read off the trip's location track at its capture time.
public enum PhotoLocator {
    /// How far in time a recorded point may be from the capture time.
    public static let window: TimeInterval = 5 * 60

    /// The position at `instant` along `points` (in time order): between the points either side of it,
    /// in proportion to time, when both are within the window; else the nearer one within it; else nil.
    public static func position(at instant: Date, along points: [TrackPoint]) -> GeoPoint? {
        // The first point at or after the instant.
        var low = 0, high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].at < instant { low = middle + 1 } else { high = middle }
        }
        let after = low < points.count ? points[low] : nil
        let before = low > 0 ? points[low - 1] : nil
        let afterGap = after.map { $0.at.timeIntervalSince(instant) }, beforeGap = before.map { instant.timeIntervalSince($0.at) }
        if let before, let after, let beforeGap, let afterGap, beforeGap <= window, afterGap <= window {
            let span = beforeGap + afterGap
            guard span > 0 else { return after.point }
            let share = beforeGap / span
            return GeoPoint(
                latitude: before.point.latitude + (after.point.latitude - before.point.latitude) * share,
                longitude: before.point.longitude + (after.point.longitude - before.point.longitude) * share)
        }
        if let after, let afterGap, afterGap <= window, afterGap <= (beforeGap ?? .infinity) { return after.point }
        if let before, let beforeGap, beforeGap <= window { return before.point }
        return nil
    }
}
