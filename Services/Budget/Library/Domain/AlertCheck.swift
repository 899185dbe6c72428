import Foundation
import RoamCore

/// Which thresholds a write crossed. A store runs it inside the write, with the trip's budget locked,
/// so two writes that cross the same threshold at once give one alert; it keeps the set of limits
/// currently crossed, so going back under and over again is a new crossing.
public struct AlertCheck: Sendable {
    public let budget: Budget
    public let trip: TripFacts
    /// Days whose spending the write changed.
    public let days: [LocalDate]

    public struct Outcome: Sendable, Hashable {
        /// What is crossed now, to be stored.
        public var crossed: Set<String>
        /// Crossings new since `crossed` was stored, to be published.
        public var alerts: [BudgetAlert]
    }

    /// The days a write of `before` → `after` touches, within the trip.
    public static func days(touchedBy before: Expense?, _ after: Expense?, in trip: TripFacts) -> [LocalDate] {
        Set([before, after].compactMap { $0.map { trip.day(of: $0.details.spentAt) } }).filter(trip.contains).sorted()
    }

    /// The limits crossed given `totals` (which must cover `days`), against those crossed before.
    public func evaluate(_ totals: BudgetTotals, crossedBefore: Set<String>, at now: Date) -> Outcome {
        var reached: [(BudgetAlert.Limit, Int, Int64, Int64)] = []
        var checked = Set<String>()
        func check(_ limit: BudgetAlert.Limit, spent: Int64, of amount: Int64) {
            for percent in budget.thresholds.percents { checked.insert(BudgetAlert.key(limit, percent)) }
            for percent in budget.thresholds.reached(spent: spent, of: amount) { reached.append((limit, percent, spent, amount)) }
        }
        if let plan = budget.plan {
            check(.total, spent: totals.spent, of: plan.total.minorUnits)
            for (category, cap) in plan.caps { check(.category(category), spent: totals.byCategory[category] ?? 0, of: cap.minorUnits) }
            let today = trip.day(of: now)
            for date in days {
                let spending = totals.days[date] ?? .init(before: 0, on: 0)
                let allowance = trip.allowance(
                    total: plan.total.minorUnits, on: date, today: max(today, date), spentBefore: spending.before,
                    spentOn: spending.on)
                check(.day(date), spent: spending.on, of: allowance.adaptive)
            }
        }
        let reachedKeys = Set(reached.map { BudgetAlert.key($0.0, $0.1) })
        // Days not checked this time keep their state; a total or cap not checked no longer exists.
        let crossed = crossedBefore.filter { $0.hasPrefix("day:") && !checked.contains($0) }.union(reachedKeys)
        let alerts = reached.filter { !crossedBefore.contains(BudgetAlert.key($0.0, $0.1)) }.map { limit, percent, spent, amount in
            BudgetAlert(
                id: UUID.v7(at: now), ownerID: budget.ownerID, tripID: budget.tripID, limit: limit, percent: percent,
                spent: Money(minorUnits: spent, currency: budget.currency),
                limitAmount: Money(minorUnits: amount, currency: budget.currency), at: now)
        }
        return Outcome(crossed: crossed, alerts: alerts.sorted { $0.key < $1.key })
    }
}
