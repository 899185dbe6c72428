import Foundation
import RoamCore

/// A trip's spending in figures, all in the budget's currency.
public struct BudgetStatistics: Sendable {
    public let currency: Currency
    public let expenseCount: Int
    public let spent: Int64
    /// Nil without a total.
    public let remaining: Int64?
    /// Nil without expenses.
    public let mean: Int64?
    public let mostFrequentCategory: BudgetCategory?
    public let smallest: Int64?
    public let largest: Int64?
    /// Days of the trip gone by, today included: 0 before it starts, every day after it ends.
    public let elapsedDays: Int
    public let averagePerElapsedDay: Int64?
    /// Most spent first (then by name); capped categories with nothing spent too.
    public let categories: [Category]
    /// Every day of the trip.
    public let days: [(date: LocalDate, total: DayTotal)]
    public let plannedPerDay: Int64?

    public struct Category: Sendable, Hashable {
        public let category: BudgetCategory
        public let spent: Int64
        public let count: Int
        public let cap: Int64?
    }

    /// The figures of `expenses` (converted amounts) for `budget` on `trip`, as of `today` (the trip's local date).
    public init(expenses: [Expense], budget: Budget, trip: TripFacts, today: LocalDate) {
        currency = budget.currency
        let amounts = expenses.map(\.converted.minorUnits)
        expenseCount = expenses.count
        let spent = amounts.reduce(0, +)
        self.spent = spent
        remaining = budget.plan.map { $0.total.minorUnits - spent }
        mean = expenses.isEmpty ? nil : Self.rounded(spent, over: Int64(expenses.count))
        smallest = amounts.min()
        largest = amounts.max()
        elapsedDays = min(max(trip.index(of: today) + 1, 0), trip.dayCount)
        averagePerElapsedDay = elapsedDays > 0 ? DailyAllowance.floorDivide(spent, by: Int64(elapsedDays)) : nil
        var byCategory: [BudgetCategory: (spent: Int64, count: Int)] = [:]
        for expense in expenses {
            byCategory[expense.details.category, default: (0, 0)].spent += expense.converted.minorUnits
            byCategory[expense.details.category, default: (0, 0)].count += 1
        }
        let caps = budget.plan?.caps ?? [:]
        categories = Set(byCategory.keys).union(caps.keys).map { category in
            Category(
                category: category, spent: byCategory[category]?.spent ?? 0, count: byCategory[category]?.count ?? 0, cap: caps[category]?.minorUnits)
        }.sorted { ($0.spent, $1.category.name) > ($1.spent, $0.category.name) }
        mostFrequentCategory =
            categories.filter { $0.count > 0 }
            .min { ($1.count, $1.spent, $0.category.name) < ($0.count, $0.spent, $1.category.name) }?.category
        var perDay: [LocalDate: DayTotal] = [:]
        for expense in expenses {
            let date = trip.day(of: expense.details.spentAt)
            perDay[date, default: DayTotal(count: 0, spent: 0)].count += 1
            perDay[date, default: DayTotal(count: 0, spent: 0)].spent += expense.converted.minorUnits
        }
        days = trip.days.map { ($0, perDay[$0] ?? DayTotal(count: 0, spent: 0)) }
        plannedPerDay = budget.plan.map { DailyAllowance.floorDivide($0.total.minorUnits, by: Int64(trip.dayCount)) }
    }

    /// `value / divisor` rounded half away from zero.
    static func rounded(_ value: Int64, over divisor: Int64) -> Int64 {
        let quotient = value / divisor, remainder = value % divisor
        return 2 * abs(remainder) >= divisor ? quotient + (value < 0 ? -1 : 1) : quotient
    }
}
