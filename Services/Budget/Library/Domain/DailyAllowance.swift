import Foundation

/// What a traveller may spend on a day of the trip, in the budget's minor units: the plan (the total
/// spread evenly), and the adaptive allowance (what remains spread over the days left, today included).
public struct DailyAllowance: Sendable, Hashable {
    /// The total over the trip's days, rounded down to the minor unit.
    public let planned: Int64
    /// What remains over the days left including this one; the plan for a day not begun yet.
    public let adaptive: Int64
    /// The adaptive allowance less what was spent on the day (below zero when overspent).
    public let leftToday: Int64

    /// The allowance of day `dayIndex` (0 is the first) of a trip of `days` days with `total` to
    /// spend, when `spentBefore` was spent on the days before it and `spentToday` on it. A day after
    /// today (`isFuture`) shows the plan.
    public init(total: Int64, days: Int, dayIndex: Int, spentBefore: Int64, spentToday: Int64, isFuture: Bool) {
        planned = days > 0 ? Self.floorDivide(total, by: Int64(days)) : 0
        let daysLeft = max(days - dayIndex, 1)
        adaptive = isFuture ? planned : Self.floorDivide(total - spentBefore, by: Int64(daysLeft))
        leftToday = adaptive - spentToday
    }

    /// Rounded down, also below zero (an overspent budget's allowance is never rounded up toward zero).
    static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
