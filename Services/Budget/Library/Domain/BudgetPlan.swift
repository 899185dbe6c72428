import Foundation
import RoamCore

/// A trip's budget as its owner set it: a total in the trip's home currency, the categories (the
/// presets and the owner's own), and optional caps per category.
public struct BudgetPlan: Sendable, Hashable {
    public let total: Money
    /// The owner's own categories, in the order added.
    public let customCategories: [BudgetCategory]
    public let caps: [BudgetCategory: Money]

    public static let maxCustomCategories = 30
    public static let maxCategoryLength = 40

    public init(total: Money, customCategories: [BudgetCategory] = [], caps: [BudgetCategory: Money] = [:]) {
        self.total = total
        self.customCategories = customCategories
        self.caps = caps
    }

    /// Every category an expense may name: the presets, then the owner's.
    public var categories: [BudgetCategory] { BudgetCategory.presets + customCategories }

    /// Caps that add up to more than the total are allowed; the response says so.
    public var capsExceedTotal: Bool {
        caps.values.reduce(0) { $0 + $1.minorUnits } > total.minorUnits
    }

    /// A plan as sent: `total` and the caps as decimal strings in `currency`, custom category names;
    /// every broken rule named by its field (`caps.food`, `categories[2]`).
    public static func validated(
        total: String, caps: [String: String], customCategories: [String], in currency: Currency
    )
        throws(RoamError) -> BudgetPlan
    {
        var validation = Validation()
        var parsedTotal: Money?
        do { parsedTotal = try Money.parse(total, in: currency, field: "total") } catch {
            validation.fail("total", error.violations.first?.description ?? error.message)
        }
        validation.require(customCategories.count <= maxCustomCategories, "categories", "at most \(maxCustomCategories) of your own")
        var custom: [BudgetCategory] = []
        for (index, name) in customCategories.enumerated() {
            let category = BudgetCategory(name)
            let field = "categories[\(index)]"
            validation.require(
                !category.name.isEmpty && category.name.count <= maxCategoryLength, field, "must be 1 to \(maxCategoryLength) characters")
            validation.require(
                !category.name.unicodeScalars.contains { $0.properties.generalCategory == .control }, field,
                "must not contain control characters")
            validation.require(!category.isPreset && !custom.contains(category), field, "is already a category")
            custom.append(category)
        }
        var parsedCaps: [BudgetCategory: Money] = [:]
        for (name, amount) in caps.sorted(by: { $0.key < $1.key }) {
            let category = BudgetCategory(name)
            let field = "caps.\(name)"
            guard category.isPreset || custom.contains(category) else {
                validation.fail(field, "is not a category of this budget")
                continue
            }
            do { parsedCaps[category] = try Money.parse(amount, in: currency, field: field) } catch {
                validation.fail(field, error.violations.first?.description ?? error.message)
            }
        }
        try validation.check()
        return BudgetPlan(total: parsedTotal!, customCategories: custom, caps: parsedCaps)
    }
}
