import Foundation
import RoamCore

/// A threshold crossed: spending reached `percent` % of a limit. Published once per crossing to the
/// owner's notification stream.
public struct BudgetAlert: Sendable, Hashable, Identifiable {
    public enum Limit: Sendable, Hashable {
        /// The budget's total.
        case total
        /// A category's cap.
        case category(BudgetCategory)
        /// A day's allowance.
        case day(LocalDate)
    }

    public let id: UUID
    public let ownerID: UUID
    public let tripID: UUID
    public let limit: Limit
    public let percent: Int
    public let spent: Money
    public let limitAmount: Money
    public let at: Date

    /// The stable name of the limit and percentage, the unit a crossing is counted in: `total@80`,
    /// `category:food@100`, `day:2026-07-14@80`.
    public var key: String { Self.key(limit, percent) }

    static func key(_ limit: Limit, _ percent: Int) -> String {
        switch limit {
        case .total: "total@\(percent)"
        case .category(let category): "category:\(category.name)@\(percent)"
        case .day(let date): "day:\(date)@\(percent)"
        }
    }
}
