import Foundation
import RoamCore
import RoamRuntime

/// Where budgets, expenses and crossed alert thresholds live. Every write that changes spending locks
/// the trip's budget, runs `AlertCheck` on the totals it leaves and stores the alerts it gives in the
/// same transaction (the PostgreSQL store announces them on `budget_alerts` as it commits, and queues
/// each for the notifications service), so a crossing is published exactly once however many writes race.
public protocol BudgetRepository: Sendable {
    /// The alerts waiting for the notifications service, queued with them.
    var publications: any PublicationQueue { get }
    func budget(of trip: UUID) async throws -> Budget?
    /// Stores the budget's plan and thresholds (creating the budget if needed); the alerts the new
    /// limits give for what is already spent.
    func save(_ budget: Budget, trip: TripFacts, at now: Date) async throws -> [BudgetAlert]

    /// Stores a new expense (creating an unplanned budget if the trip has none). With an idempotency key
    /// the owner used before, returns that first expense instead and `replayed`.
    func add(_ expense: Expense, idempotencyKey: String?, trip: TripFacts, at now: Date) async throws -> ExpenseWrite
    /// Replaces an expense; nil when the trip has no such expense.
    func replace(_ expense: Expense, trip: TripFacts, at now: Date) async throws -> ExpenseWrite?
    /// Whether there was such an expense to delete.
    func removeExpense(_ id: UUID, trip: TripFacts, at now: Date) async throws -> Bool

    func expense(_ id: UUID, trip: UUID) async throws -> Expense?
    /// The trip's expenses spent in `interval` (all when nil), latest spent first, a page at a time.
    func expenses(of trip: UUID, spentIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Expense>
    /// The trip's expenses spent in `interval` (every one when nil), earliest spent first, at most `limit`:
    /// a day's, and what statistics and exports read.
    func earliestExpenses(of trip: UUID, spentIn interval: Range<Date>?, limit: Int) async throws -> [Expense]
    /// Converted sums: the total, per category, and before and on each of `days`.
    func totals(of trip: TripFacts, days: [LocalDate]) async throws -> BudgetTotals

    /// Per trip day (in the trip's zone, days outside the trip included): how many expenses and their converted sum.
    func dailyTotals(of trip: TripFacts) async throws -> [LocalDate: DayTotal]

    /// The owner's alerts published after `instant`, oldest first (then by id), at most `limit`: what a
    /// stream missed. With `alert`, of those published at `instant` exactly only those whose id sorts after it.
    func alerts(of owner: UUID, after instant: Date, alert: UUID?, limit: Int) async throws -> [BudgetAlert]

    /// Forgets a deleted trip's budget, expenses, rates and alerts. Idempotent.
    func purgeTrip(_ trip: UUID) async throws
    /// Forgets everything of a deleted account. Idempotent.
    func purgeUser(_ owner: UUID) async throws
}

extension BudgetRepository {
    public func alerts(of owner: UUID, after instant: Date, limit: Int) async throws -> [BudgetAlert] {
        try await alerts(of: owner, after: instant, alert: nil, limit: limit)
    }
}
