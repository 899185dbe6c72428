import RoamCore
import Testing

@testable import Budget

/// A budget as its owner sets it: a total above zero in the home currency, the preset and their own
/// categories, caps that may add up to more than the total (and say so).
@Suite struct BudgetPlanTests {
    let eur = Currency("EUR")!

    func fields(total: String = "1000", caps: [String: String] = [:], custom: [String] = []) -> [String] {
        do {
            _ = try BudgetPlan.validated(total: total, caps: caps, customCategories: custom, in: eur)
            return []
        } catch {
            return error.violations.map(\.field)
        }
    }

    @Test func aPlanHasATotalAboveZeroAndCapsOnItsOwnCategories() throws {
        let plan = try BudgetPlan.validated(total: "1500", caps: ["Food": "400.50", "diving": "300"], customCategories: [" Diving "], in: eur)
        #expect(plan.total.minorUnits == 150_000 && plan.caps[BudgetCategory("food")]?.minorUnits == 40_050)
        #expect(plan.categories.map(\.name) == ["lodging", "food", "transport", "activities", "shopping", "other", "diving"])
        #expect(!plan.capsExceedTotal)
        #expect(fields(total: "0") == ["total"])
        #expect(fields(total: "") == ["total"])
        #expect(fields(total: "10.001") == ["total"])
        #expect(fields(caps: ["food": "-1", "casino": "5"]) == ["caps.casino", "caps.food"])
        #expect(
            fields(custom: ["Food", "", "Diving", "diving", String(repeating: "x", count: 41)])
                == ["categories[0]", "categories[1]", "categories[3]", "categories[4]"])
    }

    @Test func capsAboveTheTotalAreAllowedAndFlagged() throws {
        let plan = try BudgetPlan.validated(total: "500", caps: ["food": "400", "lodging": "300"], customCategories: [], in: eur)
        #expect(plan.capsExceedTotal)
    }
}
