import Foundation
import RoamCore

/// What a category has spent, against its cap if it has one.
public struct CategorySpending: Sendable, Hashable {
    public let category: BudgetCategory
    public let spent: Money
    public let cap: Money?

    /// Most spent first, then by name; categories with a cap and nothing spent too.
    static func list(spent: [BudgetCategory: Int64], caps: [BudgetCategory: Money], currency: Currency) -> [CategorySpending] {
        Set(spent.keys).union(caps.keys).map { category in
            CategorySpending(category: category, spent: Money(minorUnits: spent[category] ?? 0, currency: currency), cap: caps[category])
        }.sorted { ($0.spent.minorUnits, $1.category.name) > ($1.spent.minorUnits, $0.category.name) }
    }
}
