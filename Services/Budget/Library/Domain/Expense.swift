import Foundation
import RoamCore

/// Money spent on a trip, with what it came to in the budget's currency at the rate frozen when it was
/// entered (editing rates later does not rewrite it; editing its amount, currency or time converts it again).
public struct Expense: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    public var details: ExpenseDetails
    public var converted: Money
    public var rate: ExchangeRate
    public let createdAt: Date
    public var updatedAt: Date
}
