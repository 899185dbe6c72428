import Foundation

/// A stored expense and the alerts storing it gave.
public struct ExpenseWrite: Sendable {
    public let expense: Expense
    public let replayed: Bool
    public let alerts: [BudgetAlert]

    public init(expense: Expense, replayed: Bool = false, alerts: [BudgetAlert]) {
        self.expense = expense
        self.replayed = replayed
        self.alerts = alerts
    }
}
