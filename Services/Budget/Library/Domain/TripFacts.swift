import Foundation
import RoamCore

/// What the budget needs to know of a trip, asked of the trips service (which owns trips): whose it is,
/// its days in its own time zone, and its home currency.
public struct TripFacts: Sendable, Hashable {
    public let id: UUID
    public let ownerID: UUID
    public let start: LocalDate
    /// Inclusive.
    public let end: LocalDate
    public let zone: TripZone
    public let currency: Currency

    /// Days from start to end, both counted.
    public var dayCount: Int { start.days(to: end) + 1 }

    public func contains(_ date: LocalDate) -> Bool { start <= date && date <= end }

    /// 0 for the first day; negative before the trip, `dayCount` or more after it.
    public func index(of date: LocalDate) -> Int { start.days(to: date) }

    /// Every day of the trip, first to last.
    public var days: [LocalDate] { (0..<dayCount).map { start.adding(days: $0) } }

    /// The trip's local date of `instant`.
    public func day(of instant: Date) -> LocalDate { zone.date(of: instant) }

    /// The allowance of `date`: the plan before the trip has reached it (`today` is earlier), else
    /// adaptive to what was spent before it. After the trip, the last day's.
    public func allowance(total: Int64, on date: LocalDate, today: LocalDate, spentBefore: Int64, spentOn: Int64) -> DailyAllowance {
        DailyAllowance(
            total: total, days: dayCount, dayIndex: min(max(index(of: date), 0), dayCount - 1), spentBefore: spentBefore,
            spentToday: spentOn, isFuture: date > today)
    }
}
