import Foundation

/// A trip's IANA time zone (`Europe/Stockholm`). It decides what a day of the trip is: from local
/// midnight to the next local midnight, which is 23 or 25 hours long on the days clocks change.
public struct TripZone: Sendable, Hashable {
    public let identifier: String
    public let timeZone: TimeZone

    /// A zone of the IANA database by any of its names, current or linked (`Asia/Kolkata` and
    /// `Asia/Calcutta`, `Etc/UTC`, `UTC`), kept as sent; offsets such as `GMT+2` and abbreviations such as
    /// `PST` are refused, since they know nothing of daylight saving time. Foundation's list of known
    /// identifiers is not the test: it holds one name per zone, and not always the current one.
    public init?(_ identifier: String) {
        let area = identifier.split(separator: "/", omittingEmptySubsequences: false)
        guard area.count > 1 || Self.namesWithoutArea.contains(identifier),
            let timeZone = TimeZone(identifier: identifier),
            timeZone.identifier == identifier || (identifier == "UTC" && timeZone.identifier == "GMT")
        else { return nil }
        self.identifier = identifier
        self.timeZone = timeZone
    }

    /// The IANA database's names without an area (`backward` and the POSIX-style rules); the rest are
    /// `Area/Location`.
    static let namesWithoutArea: Set<String> = [
        "UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu", "EST", "MST", "HST", "EST5EDT", "CST6CDT",
        "MST7MDT", "PST8PDT", "WET", "CET", "MET", "EET", "Cuba", "Egypt", "Eire", "GB", "GB-Eire", "Hongkong", "Iceland", "Iran", "Israel",
        "Jamaica", "Japan", "Kwajalein", "Libya", "NZ", "NZ-CHAT", "Navajo", "PRC", "ROC", "ROK", "Poland", "Portugal", "Singapore",
        "Turkey", "W-SU",
    ]

    public static let utc = TripZone("UTC")!

    /// The instants of `date` in this zone: [local midnight, next local midnight).
    public func interval(of date: LocalDate) -> Range<Date> {
        start(of: date)..<start(of: date.adding(days: 1))
    }

    /// The instant the clocks show `minute` minutes past midnight on `date`; a time the clocks skip
    /// (a spring-forward gap) is read as the first time after it.
    public func instant(of date: LocalDate, minute: Int) -> Date {
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: minute / 60, minute: minute % 60)
        return calendar.nextDate(after: interval(of: date).lowerBound.addingTimeInterval(-1), matching: components, matchingPolicy: .nextTime)
            ?? interval(of: date).lowerBound.addingTimeInterval(Double(minute) * 60)
    }

    /// The local date of `instant` in this zone.
    public func date(of instant: Date) -> LocalDate {
        // The clocks show UTC plus the offset in force then; its whole days since 1970 name the date.
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        return LocalDate(dayNumber: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The first instant of `date`: midnight, or the first time after it where a zone skips midnight.
    private func start(of date: LocalDate) -> Date {
        calendar.startOfDay(for: calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))!)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
