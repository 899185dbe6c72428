import Foundation
import RoamCore
import Synchronization
import Testing

@testable import Budget

/// The budget's rules through `BudgetService` on the in-memory store, with trips played by a table.
@Suite struct BudgetServiceTests {
    typealias F = BudgetFixtures

    let trip = F.trip("2026-07-10", "2026-07-16")
    let store = InMemoryBudgetStore()
    let clock = Box(F.utc("2026-07-10T10:00:00Z"))
    let announced = Box<[BudgetAlert]>([])

    var service: BudgetService {
        let clock = clock, announced = announced
        return BudgetService(
            trips: TableTripDirectory(trip), budgets: store, rates: store,
            announce: { alerts in announced.withLock { $0 += alerts } }, now: { clock.withLock { $0 } })
    }

    @Test func deletingTheBudgetRemovesThePlanAndKeepsTheExpenses() async throws {
        _ = try await service.setPlan(
            trip: trip.id, owner: trip.ownerID, total: "300", caps: ["food": "100"], categories: ["diving"], thresholds: [50])
        let spent = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("12.00", "EUR", at: "2026-07-11T12:00:00Z", category: "diving"),
            idempotencyKey: nil
        ).expense
        try await service.deletePlan(trip: trip.id, owner: trip.ownerID)
        let overview = try await service.overview(trip: trip.id, owner: trip.ownerID, date: nil)
        #expect(overview.budget.plan == nil && overview.budget.thresholds == .standard)
        #expect(try await service.expense(spent.id, trip: trip.id, owner: trip.ownerID) == spent, "the expenses stay")
        await #expect(throws: RoamError.notFound("budget"), "deleting it again") { try await service.deletePlan(trip: trip.id, owner: trip.ownerID) }
        await #expect(throws: RoamError.notFound("trip"), "a stranger") { try await service.deletePlan(trip: trip.id, owner: UUID()) }
    }

    @Test func anExpenseNamesOnlyAPinOfItsTripAndAPlaceThatExists() async throws {
        let (pin, otherTripsPin, place) = (UUID(), UUID(), UUID())
        let service = BudgetService(
            trips: TableTripDirectory(trip, pins: [pin: trip.id, otherTripsPin: UUID()], places: [place]),
            budgets: store, rates: store, announce: { _ in }, now: { F.utc("2026-07-10T10:00:00Z") })
        func add(pin: UUID? = nil, place: UUID? = nil) async throws -> DatedExpense {
            try await service.addExpense(
                trip: trip.id, owner: trip.ownerID,
                draft: ExpenseDraft.fixture(
                    amount: "3", currency: "EUR", spentAt: F.utc("2026-07-11T12:00:00Z"), category: "food",
                    placeID: place?.lowercasedString ?? "", pinID: pin?.lowercasedString ?? ""),
                idempotencyKey: nil
            ).expense
        }
        #expect(try await add(pin: pin).details.pinID == pin)
        #expect(try await add(place: place).details.placeID == place)
        await #expect(throws: RoamError.invalidField("pin_id", "must be a pin of this trip")) { _ = try await add(pin: otherTripsPin) }
        await #expect(throws: RoamError.invalidField("pin_id", "must be a pin of this trip")) { _ = try await add(pin: UUID()) }
        await #expect(throws: RoamError.invalidField("place_id", "must be a place Roam knows")) { _ = try await add(place: UUID()) }
        let expense = try await add()
        await #expect(throws: RoamError.invalidField("pin_id", "must be a pin of this trip")) {
            _ = try await service.updateExpense(
                expense.id, trip: trip.id, owner: trip.ownerID, changes: ExpenseChanges.fixture(pinID: otherTripsPin.lowercasedString))
        }
    }

    func draft(_ amount: String, _ currency: String, at instant: String, category: String = "food") -> ExpenseDraft {
        ExpenseDraft.fixture(amount: amount, currency: currency, spentAt: F.utc(instant), category: category)
    }

    func reference(_ day: String, _ code: String, _ perEuro: String) async throws {
        _ = try await store.importReferenceRates([ReferenceRate(date: LocalDate(day)!, currency: Currency(code)!, perEuro: Decimal(string: perEuro)!)]
        )
    }

    @Test func anExpenseIsConvertedAtItsDaysRateWhichStaysFrozenOnIt() async throws {
        // Friday 10 July: 1 EUR = 1.10 USD. Saturday has no rate of its own, so Friday's is used.
        try await reference("2026-07-10", "USD", "1.10")
        let write = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("11.00", "USD", at: "2026-07-11T12:00:00Z"),
            idempotencyKey: nil)
        #expect(write.expense.converted == F.money("10.00", "EUR"))
        #expect(write.expense.rate.source == .reference(date: LocalDate("2026-07-10")!))
        #expect(write.expense.rate.text == "0.90909091")
        // New rates for that day do not rewrite it, nor does an edit of its note.
        try await reference("2026-07-10", "USD", "1.25")
        let noted = try await service.updateExpense(
            write.expense.id, trip: trip.id, owner: trip.ownerID, changes: ExpenseChanges.fixture(note: "dinner"))
        #expect(noted.converted == F.money("10.00", "EUR") && noted.rate == write.expense.rate)
        // A new amount converts again, at the rate the table has now.
        let changed = try await service.updateExpense(
            write.expense.id, trip: trip.id, owner: trip.ownerID, changes: ExpenseChanges.fixture(amount: "12.50"))
        #expect(changed.converted == F.money("10.00", "EUR") && changed.rate.text == "0.8")
        // A currency with exponent 0 through the euro: 1 EUR = 160 JPY and 1.25 USD, so 1,600 JPY is 12.50 USD... in euros, 10.00.
        try await reference("2026-07-10", "JPY", "160")
        let yen = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("1600", "JPY", at: "2026-07-10T12:00:00Z"),
            idempotencyKey: nil)
        #expect(yen.expense.converted == F.money("10.00", "EUR"))
    }

    @Test func noRateForTheCurrencyAndDayIsRefusedNamingBothNeverOneToOne() async throws {
        try await reference("2026-07-01", "CHF", "0.95")
        do {
            // 1 July is more than a week before 11 July: too old to stand for it.
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft("20", "CHF", at: "2026-07-11T12:00:00Z"), idempotencyKey: nil)
            Issue.record("a missing rate was accepted")
        } catch let error as RoamError {
            #expect(error.reason == "RATE_UNAVAILABLE" && error.kind == .failedPrecondition)
            #expect(error.message.contains("CHF") && error.message.contains("2026-07-11"))
            #expect(error.violations.map(\.field) == ["currency"])
        }
        #expect(try await store.earliestExpenses(of: trip.id, spentIn: nil, limit: 10).isEmpty, "nothing was stored")
    }

    @Test func theOwnersRateForTheTripComesBeforeTheTable() async throws {
        try await reference("2026-07-10", "JPY", "160")
        let rates = try await service.setRate("0.0062", for: "jpy", trip: trip.id, owner: trip.ownerID)
        #expect(rates == [Currency("JPY")!: Decimal(string: "0.0062")!])
        let write = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("1500", "JPY", at: "2026-07-10T12:00:00Z"),
            idempotencyKey: nil)
        #expect(write.expense.converted == F.money("9.30", "EUR") && write.expense.rate.source == .owner)
        await #expect(throws: RoamError.self) { try await service.setRate("0", for: "JPY", trip: trip.id, owner: trip.ownerID) }
        await #expect(throws: RoamError.self) { try await service.setRate("1", for: "EUR", trip: trip.id, owner: trip.ownerID) }
        #expect(try await service.setRate(nil, for: "JPY", trip: trip.id, owner: trip.ownerID).isEmpty)
        // A trillion yen at a rate of a billion would overflow what an amount may be: refused, not stored.
        _ = try await service.setRate("1000000000", for: "JPY", trip: trip.id, owner: trip.ownerID)
        do {
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft("1000000000000", "JPY", at: "2026-07-10T12:00:00Z"),
                idempotencyKey: nil)
            Issue.record("an overflowing conversion was accepted")
        } catch let error as RoamError {
            #expect(error.kind == .invalidArgument && error.violations.map(\.field) == ["amount"])
        }
        #expect(try await store.earliestExpenses(of: trip.id, spentIn: nil, limit: 10).count == 1, "only the first expense was stored")
    }

    @Test func amountsHaveAtMostTheirCurrencysDecimalsAndFieldsAreNamed() async throws {
        try await reference("2026-07-10", "KWD", "0.33")
        try await reference("2026-07-10", "USD", "1.1")
        let kuwait = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("1.005", "KWD", at: "2026-07-10T12:00:00Z"),
            idempotencyKey: nil)
        #expect(kuwait.expense.details.amount.minorUnits == 1_005)
        for (amount, currency) in [("12.345", "USD"), ("1500.5", "JPY"), ("0", "EUR"), ("-3", "EUR"), ("1e3", "EUR")] {
            do {
                _ = try await service.addExpense(
                    trip: trip.id, owner: trip.ownerID, draft: draft(amount, currency, at: "2026-07-10T12:00:00Z"),
                    idempotencyKey: nil)
                Issue.record("\(amount) \(currency) was accepted")
            } catch let error as RoamError {
                #expect(error.kind == .invalidArgument && error.violations.map(\.field) == ["amount"], "\(amount) \(currency)")
            }
        }
        do {
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID,
                draft: ExpenseDraft.fixture(amount: "5", currency: "XYZ", spentAt: nil, category: "souvenirs", pinID: "pin"),
                idempotencyKey: nil)
            Issue.record("a bad expense was accepted")
        } catch let error as RoamError {
            #expect(Set(error.violations.map(\.field)) == ["currency", "spent_at", "category", "pin_id"])
        }
    }

    @Test func aStrangerFindsNoBudgetNoExpensesAndCannotWrite() async throws {
        let expense = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("5", "EUR", at: "2026-07-10T12:00:00Z"),
            idempotencyKey: nil
        ).expense
        let stranger = UUID()
        let attempts: [@Sendable () async throws -> Void] = [
            { _ = try await service.overview(trip: trip.id, owner: stranger, date: nil) },
            { _ = try await service.expense(expense.id, trip: trip.id, owner: stranger) },
            { _ = try await service.expenses(trip: trip.id, owner: stranger, date: nil, page: PageRequest()) },
            {
                _ = try await service.addExpense(
                    trip: trip.id, owner: stranger, draft: draft("5", "EUR", at: "2026-07-10T12:00:00Z"), idempotencyKey: nil)
            },
            { try await service.deleteExpense(expense.id, trip: trip.id, owner: stranger) },
            { _ = try await service.setPlan(trip: trip.id, owner: stranger, total: "10", caps: [:], categories: [], thresholds: nil) },
            { _ = try await service.statistics(trip: trip.id, owner: stranger) },
        ]
        for (index, attempt) in attempts.enumerated() {
            do {
                try await attempt()
                Issue.record("attempt \(index) succeeded for a stranger")
            } catch let error as RoamError {
                #expect(error.kind == .notFound, "attempt \(index)")
            }
        }
        #expect(try await service.expense(expense.id, trip: trip.id, owner: trip.ownerID) == expense)
    }

    @Test func theAllowanceOnTheFirstMiddleAndLastDayAndAfterTheTrip() async throws {
        // 700.00 over 7 days: 100.00 a day planned.
        _ = try await service.setPlan(trip: trip.id, owner: trip.ownerID, total: "700", caps: [:], categories: [], thresholds: nil)
        let first = try await service.overview(trip: trip.id, owner: trip.ownerID, date: nil)
        #expect(first.date == LocalDate("2026-07-10") && first.allowance?.planned == 10_000 && first.allowance?.adaptive == 10_000)
        // 250.00 spent on the first three days; on the fourth, 450.00 over 4 days.
        for day in ["10", "11", "12"] {
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft("83.33", "EUR", at: "2026-07-\(day)T12:00:00Z"),
                idempotencyKey: nil)
        }
        clock.withLock { $0 = F.utc("2026-07-13T09:00:00Z") }
        _ = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("12.50", "EUR", at: "2026-07-13T08:00:00Z"),
            idempotencyKey: nil)
        let middle = try await service.overview(trip: trip.id, owner: trip.ownerID, date: nil)
        #expect(middle.allowance?.adaptive == (70_000 - 24_999) / 4 && middle.allowance?.leftToday == (70_000 - 24_999) / 4 - 1_250)
        #expect(middle.spent.minorUnits == 26_249 && middle.remaining?.minorUnits == 43_751)
        // A day still to come shows the plan.
        let future = try await service.overview(trip: trip.id, owner: trip.ownerID, date: LocalDate("2026-07-15"))
        #expect(future.allowance?.adaptive == 10_000)
        // The last day gets all that remains, and after the trip that is what is left.
        clock.withLock { $0 = F.utc("2026-07-16T09:00:00Z") }
        let last = try await service.overview(trip: trip.id, owner: trip.ownerID, date: nil)
        #expect(last.allowance?.adaptive == 43_751)
        clock.withLock { $0 = F.utc("2026-07-20T09:00:00Z") }
        let after = try await service.overview(trip: trip.id, owner: trip.ownerID, date: nil)
        #expect(after.allowance?.adaptive == 43_751 && after.allowance?.leftToday == 43_751)
    }

    @Test func alertsReachTheAnnouncerOncePerCrossing() async throws {
        _ = try await service.setPlan(trip: trip.id, owner: trip.ownerID, total: "100", caps: [:], categories: [], thresholds: [50])
        for _ in 0..<3 {
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft("20", "EUR", at: "2026-07-10T09:00:00Z"), idempotencyKey: nil)
        }
        let keys = announced.withLock { $0.map(\.key) }
        #expect(keys.filter { $0 == "total@50" }.count == 1)
        // Raising the total takes 60 back under 50 %, lowering it crosses again.
        _ = try await service.setPlan(trip: trip.id, owner: trip.ownerID, total: "200", caps: [:], categories: [], thresholds: nil)
        _ = try await service.setPlan(trip: trip.id, owner: trip.ownerID, total: "100", caps: [:], categories: [], thresholds: nil)
        #expect(announced.withLock { $0.filter { $0.key == "total@50" }.count } == 2)
    }

    @Test func aPlanNamesEveryBrokenRuleAtOnceAndADayOutsideTheTripIsRefused() async throws {
        do {
            _ = try await service.setPlan(
                trip: trip.id, owner: trip.ownerID, total: "-5", caps: ["casino": "10"], categories: [],
                thresholds: [0, 80, 80])
            Issue.record("a broken plan was accepted")
        } catch let error as RoamError {
            #expect(error.violations.map(\.field) == ["total", "caps.casino", "alert_thresholds[0]", "alert_thresholds[2]"])
        }
        #expect(try await store.budget(of: trip.id) == nil, "nothing was stored")
        await #expect(throws: RoamError.self) { try await service.overview(trip: trip.id, owner: trip.ownerID, date: LocalDate("2026-07-17")) }
        await #expect(throws: RoamError.self) { try await service.day(LocalDate("2026-07-09")!, trip: trip.id, owner: trip.ownerID) }
    }

    /// Each expense comes back with the day it was spent on in the trip's zone (Lisbon, UTC+1 in July),
    /// which is not UTC's day for a late dinner.
    @Test func expensesComeWithTheirDayInTheTripsZone() async throws {
        let late = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID, draft: draft("5", "EUR", at: "2026-07-10T23:30:00Z"), idempotencyKey: nil
        ).expense
        let next = LocalDate("2026-07-11")!
        #expect(late.date == next)
        #expect(try await service.expense(late.id, trip: trip.id, owner: trip.ownerID).date == next)
        #expect(try await service.expenses(trip: trip.id, owner: trip.ownerID, date: next, page: PageRequest()).items.map(\.date) == [next])
        #expect(try await service.day(next, trip: trip.id, owner: trip.ownerID).expenses.map(\.id) == [late.id])
        let moved = try await service.updateExpense(
            late.id, trip: trip.id, owner: trip.ownerID, changes: ExpenseChanges.fixture(spentAt: F.utc("2026-07-11T22:30:00Z")))
        #expect(moved.date == LocalDate("2026-07-11"), "22:30 UTC is still the 11th in Lisbon")
    }

    @Test func theOwnersCategoriesAreAcceptedOnceInThePlan() async throws {
        await #expect(throws: RoamError.self) {
            try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft("5", "EUR", at: "2026-07-10T12:00:00Z", category: "Diving"),
                idempotencyKey: nil)
        }
        _ = try await service.setPlan(
            trip: trip.id, owner: trip.ownerID, total: "500", caps: ["diving": "100"], categories: ["Diving"], thresholds: nil)
        let expense = try await service.addExpense(
            trip: trip.id, owner: trip.ownerID,
            draft: draft("5", "EUR", at: "2026-07-10T12:00:00Z", category: " Diving "), idempotencyKey: nil)
        #expect(expense.expense.details.category.name == "diving")
    }

    @Test func statisticsOfAKnownSet() async throws {
        _ = try await service.setPlan(trip: trip.id, owner: trip.ownerID, total: "700", caps: ["lodging": "400"], categories: [], thresholds: nil)
        let set: [(String, String, String)] = [
            ("200", "lodging", "2026-07-10T12:00:00Z"), ("12.40", "food", "2026-07-10T13:00:00Z"),
            ("7.60", "food", "2026-07-11T13:00:00Z"), ("30", "transport", "2026-07-11T15:00:00Z"),
            ("10", "food", "2026-07-12T13:00:00Z"),
        ]
        for (amount, category, at) in set {
            _ = try await service.addExpense(
                trip: trip.id, owner: trip.ownerID, draft: draft(amount, "EUR", at: at, category: category), idempotencyKey: nil)
        }
        clock.withLock { $0 = F.utc("2026-07-12T20:00:00Z") }
        let statistics = try await service.statistics(trip: trip.id, owner: trip.ownerID)
        #expect(statistics.expenseCount == 5 && statistics.spent == 26_000 && statistics.remaining == 44_000)
        #expect(statistics.mean == 5_200 && statistics.smallest == 760 && statistics.largest == 20_000)
        #expect(statistics.mostFrequentCategory == BudgetCategory("food"))
        #expect(statistics.elapsedDays == 3 && statistics.averagePerElapsedDay == 8_666)
        // Equal sums go by name.
        #expect(statistics.categories.map(\.category.name) == ["lodging", "food", "transport"])
        #expect(statistics.categories.map(\.spent) == [20_000, 3_000, 3_000] && statistics.categories.first?.cap == 40_000)
        #expect(statistics.days.count == 7 && statistics.days.prefix(3).map(\.total.spent) == [21_240, 3_760, 1_000])
        #expect(statistics.days.prefix(3).map(\.total.count) == [2, 2, 1] && statistics.plannedPerDay == 10_000)
    }
}

/// A value shared between a test and the closures it hands out.
final class Box<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}
