import Foundation
import RoamCore

/// What the owner says about an expense.
public struct ExpenseDetails: Sendable, Hashable {
    public var amount: Money
    /// When it was spent; the trip's local date of it is the expense's day.
    public var spentAt: Date
    public var category: BudgetCategory
    public var note: String
    /// A place of the catalog, or a pin of the trip, it was spent at.
    public var placeID: UUID?
    public var pinID: UUID?
}
