import RoamCore

/// A month of the calendar as `GET /v1/me/calendar?month=YYYY-MM` names it.
public struct CalendarMonth: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// `YYYY-MM`, exactly.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            let first = LocalDate("\(parts[0])-\(parts[1])-01")
        else { return nil }
        year = first.year
        month = first.month
    }

    public var description: String { "\(first.description.prefix(7))" }

    public var first: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    public var last: LocalDate {
        (month == 12 ? LocalDate(year: year + 1, month: 1, day: 1)! : LocalDate(year: year, month: month + 1, day: 1)!).adding(days: -1)
    }

    /// Whether any day of `dates` falls in this month.
    public func touches(_ dates: TripDates) -> Bool {
        dates.start <= last && dates.end >= first
    }

    /// The days of `dates` in this month, in order.
    public func days(of dates: TripDates) -> [LocalDate] {
        guard touches(dates) else { return [] }
        let from = max(first, dates.start), to = min(last, dates.end)
        return (0...from.days(to: to)).map { from.adding(days: $0) }
    }
}
