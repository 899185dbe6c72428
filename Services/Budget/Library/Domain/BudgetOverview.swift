import Foundation
import RoamCore

/// A budget as the owner reads it: the plan, what is spent and left, per category, and a day's allowance.
public struct BudgetOverview: Sendable, Hashable {
    public let budget: Budget
    public let spent: Money
    /// The total less what is spent (below zero when overspent); nil without a plan.
    public let remaining: Money?
    /// Every category with spending or a cap, most spent first.
    public let categories: [CategorySpending]
    public let date: LocalDate
    /// The allowance of `date`; nil without a plan.
    public let allowance: DailyAllowance?
    public let spentOnDate: Money
}
