import Foundation
import RoamCore

/// Hours in which nothing is pushed, from `start` to `end` on the local clock; `22:00`–`07:00` spans
/// midnight. A push due inside waits for their end.
public struct QuietHours: Sendable, Hashable {
    public var start: ClockTime
    public var end: ClockTime

    public init(start: ClockTime, end: ClockTime) {
        self.start = start
        self.end = end
    }

    /// When the quiet hours around `instant` end in `zone`, or nil when `instant` is outside them.
    public func end(around instant: Date, in zone: TripZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.timeZone
        let clock = calendar.dateComponents([.hour, .minute], from: instant)
        let minute = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
        let inside =
            start < end
            ? (start.minuteOfDay..<end.minuteOfDay).contains(minute)
            : minute >= start.minuteOfDay || minute < end.minuteOfDay
        guard inside else { return nil }
        let today = zone.date(of: instant)
        let endToday = zone.instant(of: today, minute: end.minuteOfDay)
        return endToday > instant ? endToday : zone.instant(of: today.adding(days: 1), minute: end.minuteOfDay)
    }
}
