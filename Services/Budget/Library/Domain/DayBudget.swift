import Foundation
import RoamCore

/// A trip day's spending: its expenses, their sum and the day's allowance (what the day summary shows).
public struct DayBudget: Sendable, Hashable {
    public let date: LocalDate
    public let currency: Currency
    /// Earliest first, at most `BudgetService.dayExpenseLimit`.
    public let expenses: [DatedExpense]
    /// All the day's, also those past the limit.
    public let expenseCount: Int
    public let spent: Money
    /// Nil until the owner sets a total.
    public let allowance: DailyAllowance?
}
