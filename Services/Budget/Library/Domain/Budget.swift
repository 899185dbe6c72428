import Foundation
import RoamCore

/// A trip's budget. It exists from the owner's first plan or first expense, in the trip's home currency
/// of that moment: expenses are converted to it and stay converted to it.
public struct Budget: Sendable, Hashable {
    public let tripID: UUID
    public let ownerID: UUID
    public let currency: Currency
    /// The total, caps and own categories; nil while the owner has only recorded expenses.
    public var plan: BudgetPlan?
    public var thresholds: AlertThresholds
    public var updatedAt: Date

    /// A budget with no plan yet, for a trip's first expense.
    public static func unplanned(for trip: TripFacts, at now: Date) -> Budget {
        Budget(tripID: trip.id, ownerID: trip.ownerID, currency: trip.currency, plan: nil, thresholds: .standard, updatedAt: now)
    }

    /// The presets and the owner's own.
    public var categories: [BudgetCategory] { plan?.categories ?? BudgetCategory.presets }
}
