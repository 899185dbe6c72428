import Foundation
import RoamCore

/// The budget's rules for the signed-in owner: every call first asks trips whether the trip is theirs.
public struct BudgetService: Sendable {
    let trips: any TripDirectory
    let budgets: any BudgetRepository
    let rates: any RateRepository
    /// Hands alerts to this process's streams where the store has no channel of its own (in memory).
    let announce: (@Sendable ([BudgetAlert]) -> Void)?
    public let now: @Sendable () -> Date

    /// The most expenses a day's view lists.
    public static let dayExpenseLimit = 100

    public init(
        trips: any TripDirectory, budgets: any BudgetRepository, rates: any RateRepository,
        announce: (@Sendable ([BudgetAlert]) -> Void)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.trips = trips
        self.budgets = budgets
        self.rates = rates
        self.announce = announce
        self.now = now
    }

    /// Sets the total, caps, own categories and alert thresholds. The budget's currency is the trip's
    /// home currency when the budget began.
    public func setPlan(
        trip id: UUID, owner: UUID, total: String, caps: [String: String], categories: [String], thresholds: [Int]?
    )
        async throws -> Budget
    {
        let trip = try await trips.trip(id, owner: owner)
        let time = now().wholeMicroseconds
        var budget = try await budgets.budget(of: id) ?? .unplanned(for: trip, at: time)
        // Every broken rule at once, the thresholds' with the plan's.
        var refusals: [RoamError] = []
        do { budget.plan = try BudgetPlan.validated(total: total, caps: caps, customCategories: categories, in: budget.currency) } catch {
            refusals.append(error)
        }
        do { if let thresholds { budget.thresholds = try AlertThresholds(thresholds) } } catch { refusals.append(error) }
        if !refusals.isEmpty {
            var validation = Validation()
            for violation in refusals.flatMap(\.violations) { validation.fail(violation.field, violation.description) }
            try validation.check()
        }
        budget.updatedAt = time
        publish(try await budgets.save(budget, trip: trip, at: time))
        return budget
    }

    /// Removes the plan: the total, caps, own categories and thresholds go, the expenses stay (in their
    /// categories). As under every delete, a trip with no plan is not found.
    public func deletePlan(trip id: UUID, owner: UUID) async throws {
        let trip = try await trips.trip(id, owner: owner)
        guard var budget = try await budgets.budget(of: id), budget.plan != nil else { throw RoamError.notFound("budget") }
        let time = now().wholeMicroseconds
        budget.plan = nil
        budget.thresholds = .standard
        budget.updatedAt = time
        publish(try await budgets.save(budget, trip: trip, at: time))
    }

    /// The budget with what is spent, per category, and the allowance of `date` (today in the trip's zone
    /// when nil). A trip with no budget yet shows an empty one in its home currency.
    public func overview(trip id: UUID, owner: UUID, date: LocalDate?) async throws -> BudgetOverview {
        let trip = try await trips.trip(id, owner: owner)
        let budget = try await budgets.budget(of: id) ?? .unplanned(for: trip, at: now())
        let today = trip.day(of: now())
        if let date, !trip.contains(date) { throw RoamError.invalidField("date", "must be a day of the trip, \(trip.start) to \(trip.end)") }
        let date = date ?? today
        let totals = try await budgets.totals(of: trip, days: [date])
        let day = totals.days[date] ?? .init(before: 0, on: 0)
        let money = { (units: Int64) in Money(minorUnits: units, currency: budget.currency) }
        return BudgetOverview(
            budget: budget, spent: money(totals.spent),
            remaining: budget.plan.map { money($0.total.minorUnits - totals.spent) },
            categories: CategorySpending.list(spent: totals.byCategory, caps: budget.plan?.caps ?? [:], currency: budget.currency),
            date: date,
            allowance: budget.plan.map {
                trip.allowance(
                    total: $0.total.minorUnits, on: date, today: today, spentBefore: day.before,
                    spentOn: day.on)
            },
            spentOnDate: money(day.on))
    }

    /// Records an expense converted at its day's rate; a retried create with the same key gives the first
    /// (`replayed`).
    public func addExpense(
        trip id: UUID, owner: UUID, draft: ExpenseDraft, idempotencyKey: String?
    ) async throws -> (expense: DatedExpense, replayed: Bool) {
        let trip = try await trips.trip(id, owner: owner)
        let time = now().wholeMicroseconds
        let budget = try await budgets.budget(of: id) ?? .unplanned(for: trip, at: time)
        let details = try draft.validated(categories: budget.categories)
        try await checkReferences(of: details, trip: id)
        let rate = try await rate(for: details, budget: budget, trip: trip)
        let expense = Expense(
            id: UUID.v7(at: time), tripID: id, ownerID: owner, details: details,
            converted: try rate.convert(details.amount, to: budget.currency), rate: rate, createdAt: time, updatedAt: time)
        let write = try await budgets.add(expense, idempotencyKey: idempotencyKey, trip: trip, at: time)
        publish(write.alerts)
        return (DatedExpense(write.expense, of: trip), write.replayed)
    }

    public func expense(_ id: UUID, trip tripID: UUID, owner: UUID) async throws -> DatedExpense {
        let trip = try await trips.trip(tripID, owner: owner)
        guard let expense = try await budgets.expense(id, trip: tripID) else { throw RoamError.notFound("expense") }
        return DatedExpense(expense, of: trip)
    }

    /// Edits an expense; a new amount, currency or time converts it again at the rate of its day.
    public func updateExpense(_ id: UUID, trip tripID: UUID, owner: UUID, changes: ExpenseChanges) async throws -> DatedExpense {
        let trip = try await trips.trip(tripID, owner: owner)
        let time = now().wholeMicroseconds
        guard var expense = try await budgets.expense(id, trip: tripID) else { throw RoamError.notFound("expense") }
        let budget = try await budgets.budget(of: tripID) ?? .unplanned(for: trip, at: time)
        let details = try changes.applied(to: expense.details, categories: budget.categories)
        if details.pinID != expense.details.pinID || details.placeID != expense.details.placeID {
            try await checkReferences(of: details, trip: tripID)
        }
        if changes.convertsAgain(expense.details, details) {
            expense.rate = try await rate(for: details, budget: budget, trip: trip)
            expense.converted = try expense.rate.convert(details.amount, to: budget.currency)
        }
        expense.details = details
        expense.updatedAt = time
        guard let write = try await budgets.replace(expense, trip: trip, at: time) else { throw RoamError.notFound("expense") }
        publish(write.alerts)
        return DatedExpense(write.expense, of: trip)
    }

    /// An expense names a pin of its own trip or a place of the catalog, never one that is not there
    /// or is someone else's.
    private func checkReferences(of details: ExpenseDetails, trip: UUID) async throws {
        var validation = Validation()
        if let pin = details.pinID { validation.require(try await trips.hasPin(pin, trip: trip), "pin_id", "must be a pin of this trip") }
        if let place = details.placeID { validation.require(try await trips.hasPlace(place), "place_id", "must be a place Roam knows") }
        try validation.check()
    }

    public func deleteExpense(_ id: UUID, trip tripID: UUID, owner: UUID) async throws {
        let trip = try await trips.trip(tripID, owner: owner)
        guard try await budgets.removeExpense(id, trip: trip, at: now()) else { throw RoamError.notFound("expense") }
    }

    /// The trip's expenses, latest first; only those of `date` (a trip-local day) when given.
    public func expenses(trip tripID: UUID, owner: UUID, date: LocalDate?, page: PageRequest) async throws -> Page<DatedExpense> {
        let trip = try await trips.trip(tripID, owner: owner)
        let page = try await budgets.expenses(of: tripID, spentIn: date.map(trip.zone.interval(of:)), page: page)
        return Page(items: page.items.map { DatedExpense($0, of: trip) }, nextCursor: page.nextCursor)
    }

    /// A day's expenses, sum and allowance. A day outside the trip is NOT_FOUND.
    public func day(_ date: LocalDate, trip tripID: UUID, owner: UUID) async throws -> DayBudget {
        let trip = try await trips.trip(tripID, owner: owner)
        guard trip.contains(date) else { throw RoamError.notFound("day") }
        let budget = try await budgets.budget(of: tripID) ?? .unplanned(for: trip, at: now())
        let expenses = try await budgets.earliestExpenses(of: tripID, spentIn: trip.zone.interval(of: date), limit: Self.dayExpenseLimit)
        let totals = try await budgets.totals(of: trip, days: [date])
        let day = totals.days[date] ?? .init(before: 0, on: 0)
        return DayBudget(
            date: date, currency: budget.currency, expenses: expenses.map { DatedExpense($0, of: trip) }, expenseCount: day.count,
            spent: Money(minorUnits: day.on, currency: budget.currency),
            allowance: budget.plan.map {
                trip.allowance(
                    total: $0.total.minorUnits, on: date, today: trip.day(of: now()),
                    spentBefore: day.before, spentOn: day.on)
            })
    }

    /// Every day of the trip with its expense count and sum (the calendar's part).
    public func calendar(trip tripID: UUID, owner: UUID) async throws -> (currency: Currency, days: [(LocalDate, DayTotal)]) {
        let trip = try await trips.trip(tripID, owner: owner)
        let budget = try await budgets.budget(of: tripID)
        let totals = try await budgets.dailyTotals(of: trip)
        return (budget?.currency ?? trip.currency, trip.days.map { ($0, totals[$0] ?? DayTotal(count: 0, spent: 0)) })
    }

    /// The most expenses statistics, charts and exports read.
    public static let reportLimit = 100_000

    public func statistics(trip tripID: UUID, owner: UUID) async throws -> BudgetStatistics {
        let (trip, expenses) = try await export(trip: tripID, owner: owner)
        let budget = try await budgets.budget(of: tripID) ?? .unplanned(for: trip, at: now())
        return BudgetStatistics(expenses: expenses, budget: budget, trip: trip, today: trip.day(of: now()))
    }

    /// The trip and its expenses, earliest first (at most `reportLimit`).
    public func export(trip tripID: UUID, owner: UUID) async throws -> (TripFacts, [Expense]) {
        let trip = try await trips.trip(tripID, owner: owner)
        return (trip, try await budgets.earliestExpenses(of: tripID, spentIn: nil, limit: Self.reportLimit))
    }

    /// Sets (or with nil removes) the owner's own rate for `currency` on the trip.
    public func setRate(_ text: String?, for code: String, trip tripID: UUID, owner: UUID) async throws -> [Currency: Decimal] {
        let trip = try await trips.trip(tripID, owner: owner)
        var validation = Validation()
        let currency = Currency(code)
        validation.require(currency != nil, "currency", "must be an ISO 4217 code of a currency in use, such as EUR")
        var rate: Decimal?
        if let text {
            do { rate = try ExchangeRate.parse(text, field: "rate") } catch {
                validation.fail("rate", error.violations.first?.description ?? error.message)
            }
        }
        try validation.check()
        let budgetCurrency = try await budgets.budget(of: tripID)?.currency ?? trip.currency
        guard currency != budgetCurrency else { throw RoamError.invalidField("currency", "is the budget's own currency") }
        // Removing a rate there is none of is not found, as a repeated delete is.
        guard try await rates.setTripRate(rate, for: currency!, trip: tripID, owner: owner) else { throw RoamError.notFound("rate") }
        return try await rates.tripRates(of: tripID)
    }

    public func rates(trip tripID: UUID, owner: UUID) async throws -> (currency: Currency, rates: [Currency: Decimal]) {
        let trip = try await trips.trip(tripID, owner: owner)
        let currency = try await budgets.budget(of: tripID)?.currency ?? trip.currency
        return (currency, try await rates.tripRates(of: tripID))
    }

    /// The rate of the expense's day: the owner's for the trip, else the reference table's.
    func rate(for details: ExpenseDetails, budget: Budget, trip: TripFacts) async throws -> ExchangeRate {
        let currency = details.amount.currency
        if currency == budget.currency { return .identity }
        let date = trip.day(of: details.spentAt)
        let owned = try await rates.tripRates(of: trip.id)
        let reference =
            owned[currency] != nil
            ? [:]
            : try await rates.referenceRates(for: [currency, budget.currency], on: date, notBefore: date.adding(days: -RateLookup.lookbackDays))
        return try RateLookup.rate(from: currency, to: budget.currency, on: date, ownerRates: owned, reference: reference)
    }

    func publish(_ alerts: [BudgetAlert]) {
        if let announce, !alerts.isEmpty { announce(alerts) }
    }
}
