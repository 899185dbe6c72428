import Foundation

/// What an expense is for: one of the preset categories, or one the owner added to the budget.
public struct BudgetCategory: Sendable, Hashable, CustomStringConvertible {
    /// Lower case, trimmed: categories match whatever case a client writes.
    public let name: String

    public init(_ name: String) {
        self.name = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public var description: String { name }

    public static let presets = ["lodging", "food", "transport", "activities", "shopping", "other"].map(BudgetCategory.init)

    public var isPreset: Bool { Self.presets.contains(self) }
}
