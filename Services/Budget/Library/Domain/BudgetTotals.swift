import Foundation
import RoamCore

/// Sums of a trip's converted expenses, as a store reads them inside the write that changed them.
public struct BudgetTotals: Sendable, Hashable {
    public var spent: Int64
    public var byCategory: [BudgetCategory: Int64]
    /// For each day asked about: spent before it and on it.
    public var days: [LocalDate: DaySpending]

    public struct DaySpending: Sendable, Hashable {
        public var before: Int64
        public var on: Int64
        /// How many expenses were spent on it.
        public var count: Int

        public init(before: Int64, on: Int64, count: Int = 0) {
            self.before = before
            self.on = on
            self.count = count
        }
    }

    public init(spent: Int64 = 0, byCategory: [BudgetCategory: Int64] = [:], days: [LocalDate: DaySpending] = [:]) {
        self.spent = spent
        self.byCategory = byCategory
        self.days = days
    }
}
