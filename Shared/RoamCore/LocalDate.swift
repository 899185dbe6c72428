import Foundation

/// A calendar date with no time or zone (`2026-07-14`): what a trip's start, end and days are. A day
/// of a trip becomes real instants only with the trip's time zone (`TripZone`).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real date of the Gregorian calendar, else nil (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              let date = Self.calendar.date(from: DateComponents(year: year, month: month, day: day)),
              Self.calendar.component(.day, from: date) == day else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, exactly.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// A date a request names in `field`, or INVALID_ARGUMENT naming it.
    public init(field: String, _ text: String) throws(RoamError) {
        guard let date = LocalDate(text) else { throw RoamError.invalidField(field, "must be a date such as 2026-07-14") }
        self = date
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        let moved = Self.calendar.date(byAdding: .day, value: days, to: noonUTC)!
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: moved)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// Whole days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: LocalDate) -> Int {
        Self.calendar.dateComponents([.day], from: noonUTC, to: other.noonUTC).day!
    }

    /// Noon UTC of this date, a safe anchor for day arithmetic.
    private var noonUTC: Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
    }

    /// The Gregorian calendar in UTC: dates are counted without any zone.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
