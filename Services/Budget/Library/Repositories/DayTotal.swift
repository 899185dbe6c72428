import Foundation

/// A day's expenses: how many, and their sum in the budget's currency.
public struct DayTotal: Sendable, Hashable {
    public var count: Int
    public var spent: Int64
}
