import Foundation

/// The common part of OpenStreetMap's `opening_hours`: `24/7`, or rules such as
/// `Mo-Fr 09:00-18:00,19:00-23:00; Sa 10:00-14:00; Su off`, a later rule for a day replacing an earlier
/// one, and spans past midnight (`18:00-02:00`). Anything else is not understood, and a place whose
/// hours are not understood is never said to be open.
public struct OpeningHours: Sendable, Hashable {
    /// Minutes since Monday 00:00 (0 ..< 10,080), each span start ..< end (end may pass the week's end).
    let spans: [Range<Int>]

    static let days = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let week = 7 * 24 * 60

    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "24/7" {
            spans = [0..<Self.week]
            return
        }
        var byDay: [Int: [Range<Int>]] = [:]
        for rule in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !rule.isEmpty {
            let parts = rule.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let days = Self.days(parts[0]) else { return nil }
            let times = parts[1].trimmingCharacters(in: .whitespaces)
            var ranges: [Range<Int>] = []
            if times != "off" {
                for span in times.split(separator: ",") {
                    let ends = span.split(separator: "-").map(String.init)
                    guard ends.count == 2, let start = Self.minutes(ends[0]), var end = Self.minutes(ends[1]) else { return nil }
                    if end <= start { end += 24 * 60 }
                    ranges.append(start..<end)
                }
            }
            for day in days { byDay[day] = ranges }
        }
        guard !byDay.isEmpty else { return nil }
        spans = byDay.flatMap { day, ranges in ranges.map { (day * 1_440 + $0.lowerBound)..<(day * 1_440 + $0.upperBound) } }
    }

    /// Whether it is open at `date` in `zone` (the place's local time).
    public func isOpen(at date: Date, in zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        // Calendar weekdays run Sunday = 1 … Saturday = 7; ours Monday = 0 … Sunday = 6.
        let minute = ((parts.weekday! + 5) % 7) * 1_440 + parts.hour! * 60 + parts.minute!
        return spans.contains { $0.contains(minute) || $0.contains(minute + Self.week) }
    }

    /// `Mo-Fr`, `Sa,Su`, `Mo-We,Fr`.
    static func days(_ text: String) -> [Int]? {
        var result: [Int] = []
        for piece in text.split(separator: ",") {
            let ends = piece.split(separator: "-").map(String.init)
            guard let first = ends.first.flatMap({ Self.days.firstIndex(of: $0) }) else { return nil }
            if ends.count == 1 {
                result.append(first)
            } else if ends.count == 2, let last = Self.days.firstIndex(of: ends[1]) {
                var day = first
                while true {
                    result.append(day)
                    if day == last { break }
                    day = (day + 1) % 7
                }
            } else {
                return nil
            }
        }
        return result
    }

    /// `09:30` → 570; `24:00` is the end of the day.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...24).contains(hours), (0..<60).contains(minutes),
            hours * 60 + minutes <= 1_440
        else { return nil }
        return hours * 60 + minutes
    }
}
