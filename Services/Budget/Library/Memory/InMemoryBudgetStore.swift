import Foundation
import RoamCore
import RoamRuntime
import Synchronization

/// Budgets, expenses and rates in memory, for tests and `ROAM_IN_MEMORY`; behaves as
/// `PostgresBudgetStore` does. One lock over everything makes each write as exclusive as the
/// budget row lock is there.
public final class InMemoryBudgetStore: BudgetRepository, RateRepository {
    struct State {
        var budgets: [UUID: Budget] = [:]
        /// Trip → the alert keys crossed now.
        var crossed: [UUID: Set<String>] = [:]
        var expenses: [UUID: Expense] = [:]
        /// Owner and key → the expense first created with it.
        var idempotencyKeys: [String: UUID] = [:]
        var fingerprints = IdempotencyFingerprints()
        var alerts: [BudgetAlert] = []
        /// Date → currency → euros' worth.
        var referenceRates: [LocalDate: [Currency: Decimal]] = [:]
        var tripRates: [UUID: [Currency: Decimal]] = [:]
        /// Trips purged here: a late write finds no trip.
        var purged: Set<UUID> = []
        /// Trip → the owner who set its rates.
        var rateOwners: [UUID: UUID] = [:]
        /// The alerts for the notifications service, added with the alerts themselves.
        let publications: InMemoryPublicationQueue

        func expenses(of trip: UUID) -> [Expense] { expenses.values.filter { $0.tripID == trip } }

        func totals(of trip: TripFacts, days: [LocalDate]) -> BudgetTotals {
            var totals = BudgetTotals()
            for expense in expenses(of: trip.id) {
                let amount = expense.converted.minorUnits
                totals.spent += amount
                totals.byCategory[expense.details.category, default: 0] += amount
                for date in days {
                    let interval = trip.zone.interval(of: date)
                    var day = totals.days[date] ?? .init(before: 0, on: 0)
                    if expense.details.spentAt < interval.lowerBound { day.before += amount }
                    if interval.contains(expense.details.spentAt) {
                        day.on += amount
                        day.count += 1
                    }
                    totals.days[date] = day
                }
            }
            for date in days where totals.days[date] == nil { totals.days[date] = .init(before: 0, on: 0) }
            return totals
        }

        /// Runs the alert check after a write and keeps what it gives.
        mutating func checkAlerts(trip: TripFacts, days: [LocalDate], at now: Date) -> [BudgetAlert] {
            guard let budget = budgets[trip.id] else { return [] }
            let outcome = AlertCheck(budget: budget, trip: trip, days: days)
                .evaluate(totals(of: trip, days: days), crossedBefore: crossed[trip.id] ?? [], at: now)
            crossed[trip.id] = outcome.crossed
            alerts += outcome.alerts
            publications.add(outcome.alerts.map { $0.publication(in: trip.zone) }, at: now)
            return outcome.alerts
        }
    }

    let state: Mutex<State>
    /// What waits for the notifications service.
    public let queue = InMemoryPublicationQueue()
    public var publications: any PublicationQueue { queue }

    public init() {
        state = Mutex(State(publications: queue))
    }

    public func budget(of trip: UUID) async throws -> Budget? {
        state.withLock { $0.budgets[trip] }
    }

    public func save(_ budget: Budget, trip: TripFacts, at now: Date) async throws -> [BudgetAlert] {
        let alerts: [BudgetAlert]? = state.withLock { state in
            if state.purged.contains(trip.id) { return nil }
            var budget = budget
            if let stored = state.budgets[trip.id] {
                budget = Budget(
                    tripID: stored.tripID, ownerID: stored.ownerID, currency: stored.currency,
                    plan: budget.plan, thresholds: budget.thresholds, updatedAt: budget.updatedAt)
            }
            state.budgets[trip.id] = budget
            let days = Set(state.expenses(of: trip.id).map { trip.day(of: $0.details.spentAt) }).filter(trip.contains).sorted()
            return state.checkAlerts(trip: trip, days: days, at: now)
        }
        guard let alerts else { throw RoamError.notFound("trip") }
        return alerts
    }

    public func add(_ expense: Expense, idempotencyKey: String?, trip: TripFacts, at now: Date) async throws -> ExpenseWrite {
        try state.withLock { state throws(RoamError) in
            if state.purged.contains(trip.id) { throw RoamError.notFound("trip") }
            let key = idempotencyKey.map { "\(expense.ownerID)/\($0)" }
            if let key, let first = state.idempotencyKeys[key], let stored = state.expenses[first] {
                try state.fingerprints.checkReplay(key)
                return ExpenseWrite(expense: stored, replayed: true, alerts: [])
            }
            if state.budgets[trip.id] == nil { state.budgets[trip.id] = .unplanned(for: trip, at: now) }
            state.expenses[expense.id] = expense
            if let key {
                state.idempotencyKeys[key] = expense.id
                state.fingerprints.remember(key)
            }
            return ExpenseWrite(
                expense: expense, alerts: state.checkAlerts(trip: trip, days: AlertCheck.days(touchedBy: nil, expense, in: trip), at: now))
        }
    }

    public func replace(_ expense: Expense, trip: TripFacts, at now: Date) async throws -> ExpenseWrite? {
        state.withLock { state in
            guard let before = state.expenses[expense.id], before.tripID == trip.id else { return nil }
            state.expenses[expense.id] = expense
            return ExpenseWrite(
                expense: expense,
                alerts: state.checkAlerts(trip: trip, days: AlertCheck.days(touchedBy: before, expense, in: trip), at: now))
        }
    }

    public func removeExpense(_ id: UUID, trip: TripFacts, at now: Date) async throws -> Bool {
        state.withLock { state in
            guard let before = state.expenses[id], before.tripID == trip.id else { return false }
            state.expenses[id] = nil
            _ = state.checkAlerts(trip: trip, days: AlertCheck.days(touchedBy: before, nil, in: trip), at: now)
            return true
        }
    }

    public func expense(_ id: UUID, trip: UUID) async throws -> Expense? {
        state.withLock { state in state.expenses[id].flatMap { $0.tripID == trip ? $0 : nil } }
    }

    public func expenses(of trip: UUID, spentIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Expense> {
        let after = try TimedCursor.decode(page.cursor)
        return state.withLock { state in
            let rows = state.expenses(of: trip)
                .filter { interval?.contains($0.details.spentAt) ?? true }
                .map { (TimedCursor(time: $0.details.spentAt, id: $0.id), $0) }
                .filter { cursor, _ in after.map { cursor < $0 } ?? true }
                .sorted { $0.0 > $1.0 }
                .prefix(page.size + 1).map(\.1)
            return Page(fetched: Array(rows), size: page.size) { TimedCursor(time: $0.details.spentAt, id: $0.id).token }
        }
    }

    public func earliestExpenses(of trip: UUID, spentIn interval: Range<Date>?, limit: Int) async throws -> [Expense] {
        state.withLock { state in
            Array(
                state.expenses(of: trip).filter { interval?.contains($0.details.spentAt) ?? true }.sorted {
                    TimedCursor(time: $0.details.spentAt, id: $0.id) < TimedCursor(time: $1.details.spentAt, id: $1.id)
                }
                .prefix(limit))
        }
    }

    public func totals(of trip: TripFacts, days: [LocalDate]) async throws -> BudgetTotals {
        state.withLock { $0.totals(of: trip, days: days) }
    }

    public func dailyTotals(of trip: TripFacts) async throws -> [LocalDate: DayTotal] {
        state.withLock { state in
            var days: [LocalDate: DayTotal] = [:]
            for expense in state.expenses(of: trip.id) {
                let date = trip.day(of: expense.details.spentAt)
                var total = days[date] ?? DayTotal(count: 0, spent: 0)
                total.count += 1
                total.spent += expense.converted.minorUnits
                days[date] = total
            }
            return days
        }
    }

    public func alerts(of owner: UUID, after instant: Date, alert: UUID?, limit: Int) async throws -> [BudgetAlert] {
        // Hex digits sort as the bytes do, as PostgreSQL orders uuids.
        let key = alert?.uuidString ?? "~"
        return state.withLock { state in
            Array(
                state.alerts.filter { $0.ownerID == owner && ($0.at.microsecondsSince1970, $0.id.uuidString) > (instant.microsecondsSince1970, key) }
                    .sorted { ($0.at, $0.id.uuidString) < ($1.at, $1.id.uuidString) }.prefix(limit))
        }
    }

    public func purgeTrip(_ trip: UUID) async throws {
        state.withLock { state in
            state.purged.insert(trip)
            state.budgets[trip] = nil
            state.crossed[trip] = nil
            state.expenses = state.expenses.filter { $0.value.tripID != trip }
            state.idempotencyKeys = state.idempotencyKeys.filter { state.expenses[$0.value] != nil }
            state.alerts.removeAll { $0.tripID == trip }
            state.tripRates[trip] = nil
        }
    }

    public func purgeUser(_ owner: UUID) async throws {
        let trips = state.withLock { state in
            Set(state.budgets.values.filter { $0.ownerID == owner }.map(\.tripID)).union(state.rateOwners.filter { $0.value == owner }.keys)
        }
        for trip in trips { try await purgeTrip(trip) }
        state.withLock { state in
            state.expenses = state.expenses.filter { $0.value.ownerID != owner }
            state.idempotencyKeys = state.idempotencyKeys.filter { state.expenses[$0.value] != nil }
            state.alerts.removeAll { $0.ownerID == owner }
        }
        queue.forget(user: owner)
    }

    public func importReferenceRates(_ rates: [ReferenceRate]) async throws -> Int {
        state.withLock { state in
            for rate in rates { state.referenceRates[rate.date, default: [:]][rate.currency] = rate.perEuro }
            return rates.count
        }
    }

    public func referenceRates(
        for currencies: [Currency], on date: LocalDate, notBefore earliest: LocalDate
    ) async throws
        -> [Currency: (date: LocalDate, perEuro: Decimal)]
    {
        state.withLock { state in
            var found: [Currency: (date: LocalDate, perEuro: Decimal)] = [:]
            for (day, rates) in state.referenceRates where earliest <= day && day <= date {
                for currency in currencies {
                    if let rate = rates[currency], found[currency].map({ $0.date < day }) ?? true { found[currency] = (day, rate) }
                }
            }
            return found
        }
    }

    @discardableResult
    public func setTripRate(_ rate: Decimal?, for currency: Currency, trip: UUID, owner: UUID) async throws -> Bool {
        try state.withLock { state throws(RoamError) in
            if rate != nil, state.purged.contains(trip) { throw RoamError.notFound("trip") }
            let previous = state.tripRates[trip]?[currency]
            state.tripRates[trip, default: [:]][currency] = rate
            state.rateOwners[trip] = owner
            return rate != nil || previous != nil
        }
    }

    public func tripRates(of trip: UUID) async throws -> [Currency: Decimal] {
        state.withLock { $0.tripRates[trip] ?? [:] }
    }
}
