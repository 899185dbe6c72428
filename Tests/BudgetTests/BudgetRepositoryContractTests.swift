import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Budget

/// What both budget stores do, run against each.
@Suite struct BudgetRepositoryContractTests {
    typealias F = BudgetFixtures

    @Test(arguments: StoreKind.allCases)
    func aBudgetReadsBackAsSavedAndKeepsItsFirstCurrency(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip()
            var budget = F.budget(trip, total: "1000", caps: ["food": "300.50"], thresholds: [50, 90, 100])
            _ = try await store.save(budget, trip: trip, at: F.utc("2026-07-01T00:00:00Z"))
            #expect(try await store.budget(of: trip.id) == budget)
            // Saving again in another currency (the trip's changed) keeps the budget's own.
            budget = Budget(
                tripID: trip.id, ownerID: trip.ownerID, currency: Currency("USD")!, plan: budget.plan, thresholds: .standard,
                updatedAt: budget.updatedAt)
            _ = try await store.save(budget, trip: trip, at: F.utc("2026-07-01T00:00:00Z"))
            let stored = try await store.budget(of: trip.id)
            #expect(stored?.currency.code == "EUR" && stored?.thresholds == .standard)
            #expect(try await store.budget(of: UUID()) == nil)
        }
    }

    /// Every member of an expense is stored and read back: a member added to `Expense` but not to the
    /// row fails here once the complete fixture sets it, which `unsetMembers` requires.
    @Test(arguments: StoreKind.allCases)
    func anExpenseWithEveryMemberSetReadsBackWhole(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip(currency: "EUR")
            var expense = F.expense(
                trip, "12.50", "USD", at: "2026-07-10T12:00:00Z", category: "transport",
                rate: ExchangeRate(rate: Decimal(string: "0.92")!, source: .reference(date: LocalDate("2026-07-09")!)), note: "the ferry")
            expense.details.placeID = UUID()
            expense.details.pinID = UUID()
            expense.updatedAt = F.utc("2026-07-10T13:00:00Z")
            #expect(unsetMembers(of: expense).isEmpty, "the complete expense leaves \(unsetMembers(of: expense)) unset")
            #expect(try await store.add(expense, idempotencyKey: nil, trip: trip, at: expense.createdAt).expense == expense)
            #expect(try await store.expense(expense.id, trip: trip.id) == expense)
            #expect(try await store.expenses(of: trip.id, spentIn: nil, page: PageRequest(size: 10)).items == [expense])

            // An edit of every member an edit may change is stored whole too.
            var edited = expense
            edited.details.amount = F.money("20.00", "GBP")
            edited.details.spentAt = F.utc("2026-07-11T09:00:00Z")
            edited.details.category = BudgetCategory("food")
            edited.details.note = "the bus"
            edited.details.placeID = UUID()
            edited.details.pinID = UUID()
            edited.converted = F.money("23.40", "EUR")
            edited.rate = ExchangeRate(rate: Decimal(string: "1.17")!, source: .reference(date: LocalDate("2026-07-10")!))
            edited.updatedAt = F.utc("2026-07-11T10:00:00Z")
            #expect(unchangedMembers(from: expense, to: edited) == ["id", "tripID", "ownerID", "createdAt"])
            #expect(try await store.replace(edited, trip: trip, at: edited.updatedAt)?.expense == edited)
            #expect(try await store.expense(expense.id, trip: trip.id) == edited)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anExpenseMakesAnUnplannedBudgetAndAnIdempotencyKeyAnswersTheFirst(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip()
            let first = F.expense(trip, "12.50", at: "2026-07-10T12:00:00Z")
            let write = try await store.add(first, idempotencyKey: "k1", trip: trip, at: first.createdAt)
            #expect(write.expense == first && !write.replayed)
            #expect(try await store.budget(of: trip.id)?.plan == nil)
            let retry = try await store.add(F.expense(trip, "99", at: "2026-07-11T12:00:00Z"), idempotencyKey: "k1", trip: trip, at: first.createdAt)
            #expect(retry.expense == first && retry.replayed)
            #expect(try await store.expense(first.id, trip: trip.id) == first)
            #expect(try await store.expense(first.id, trip: UUID()) == nil, "an expense is found only in its trip")
            let all = try await store.earliestExpenses(of: trip.id, spentIn: nil, limit: 10)
            #expect(all == [first])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func expensesListLatestFirstByLocalDayInPages(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            // Lisbon is UTC+1 in July: 23:30 UTC on the 10th is already the 11th there.
            let trip = F.trip()
            let early = F.expense(trip, "1", at: "2026-07-10T08:00:00Z"), late = F.expense(trip, "2", at: "2026-07-10T22:59:00Z")
            let nextDay = F.expense(trip, "3", at: "2026-07-10T23:30:00Z")
            for expense in [early, late, nextDay] { _ = try await store.add(expense, idempotencyKey: nil, trip: trip, at: expense.createdAt) }
            let tenth = try await store.expenses(of: trip.id, spentIn: trip.zone.interval(of: LocalDate("2026-07-10")!), page: PageRequest())
            #expect(tenth.items.map(\.id) == [late.id, early.id])
            let firstOfTenth = try await store.earliestExpenses(of: trip.id, spentIn: trip.zone.interval(of: LocalDate("2026-07-10")!), limit: 1)
            #expect(firstOfTenth.map(\.id) == [early.id])
            let first = try await store.expenses(of: trip.id, spentIn: nil, page: PageRequest(size: 2))
            #expect(first.items.map(\.id) == [nextDay.id, late.id])
            let second = try await store.expenses(of: trip.id, spentIn: nil, page: PageRequest(size: 2, cursor: first.nextCursor))
            #expect(second.items.map(\.id) == [early.id] && second.nextCursor == nil)
            let daily = try await store.dailyTotals(of: trip)
            #expect(
                daily[LocalDate("2026-07-10")!] == DayTotal(count: 2, spent: 300) && daily[LocalDate("2026-07-11")!] == DayTotal(count: 1, spent: 300)
            )
        }
    }

    @Test(arguments: StoreKind.allCases)
    func totalsSumConvertedAmountsPerCategoryAndAroundADay(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip()
            let usd = ExchangeRate(rate: Decimal(string: "0.9")!, source: .reference(date: LocalDate("2026-07-09")!))
            let expenses = [
                F.expense(trip, "100", at: "2026-07-09T10:00:00Z", category: "lodging"),
                F.expense(trip, "10", "USD", at: "2026-07-11T10:00:00Z", rate: usd),
                F.expense(trip, "5.25", at: "2026-07-11T20:00:00Z"),
                F.expense(trip, "7", at: "2026-07-12T10:00:00Z", category: "transport"),
            ]
            for expense in expenses { _ = try await store.add(expense, idempotencyKey: nil, trip: trip, at: expense.createdAt) }
            let day = LocalDate("2026-07-11")!
            let totals = try await store.totals(of: trip, days: [day, LocalDate("2026-07-13")!])
            #expect(totals.spent == 10_000 + 900 + 525 + 700)
            #expect(totals.byCategory == [BudgetCategory("lodging"): 10_000, BudgetCategory("food"): 1_425, BudgetCategory("transport"): 700])
            #expect(totals.days[day] == .init(before: 10_000, on: 1_425, count: 2))
            #expect(totals.days[LocalDate("2026-07-13")!] == .init(before: 12_125, on: 0, count: 0))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func replacingAndRemovingAnExpenseStayWithinItsTrip(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip(), other = F.trip()
            var expense = F.expense(trip, "10", at: "2026-07-10T12:00:00Z")
            _ = try await store.add(expense, idempotencyKey: nil, trip: trip, at: expense.createdAt)
            expense.details.note = "lunch, with \"friends\""
            expense.details.category = BudgetCategory("other")
            #expect(try await store.replace(expense, trip: other, at: expense.createdAt) == nil)
            #expect(try await store.replace(expense, trip: trip, at: expense.createdAt)?.expense == expense)
            #expect(try await store.expense(expense.id, trip: trip.id) == expense)
            // The sums follow: the old category and day lose it, the new ones have it.
            expense.details.spentAt = F.utc("2026-07-12T08:00:00Z")
            _ = try await store.replace(expense, trip: trip, at: expense.createdAt)
            let moved = try await store.totals(of: trip, days: [LocalDate("2026-07-10")!, LocalDate("2026-07-12")!])
            #expect(moved.spent == 1_000 && moved.byCategory == [BudgetCategory("other"): 1_000])
            #expect(moved.days[LocalDate("2026-07-10")!] == .init(before: 0, on: 0, count: 0))
            #expect(moved.days[LocalDate("2026-07-12")!] == .init(before: 0, on: 1_000, count: 1))
            #expect(try await store.dailyTotals(of: trip) == [LocalDate("2026-07-12")!: DayTotal(count: 1, spent: 1_000)])
            #expect(try await !store.removeExpense(expense.id, trip: other, at: expense.createdAt))
            #expect(try await store.removeExpense(expense.id, trip: trip, at: expense.createdAt))
            let emptied = try await store.totals(of: trip, days: [LocalDate("2026-07-12")!])
            #expect(emptied.spent == 0 && emptied.byCategory.isEmpty && emptied.days[LocalDate("2026-07-12")!]?.on == 0)
            #expect(try await store.dailyTotals(of: trip).isEmpty)
            #expect(try await store.expense(expense.id, trip: trip.id) == nil)
            #expect(try await !store.removeExpense(expense.id, trip: trip, at: expense.createdAt))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fiftyConcurrentExpensesCrossEachThresholdOnce(_ kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store async throws in
            // 50 × 10.00 against a total of 400.00: 80 % and 100 % are crossed once each, whatever the order.
            let trip = F.trip()
            _ = try await store.save(F.budget(trip, total: "400"), trip: trip, at: F.utc("2026-07-01T00:00:00Z"))
            let alerts = try await withThrowingTaskGroup(of: [BudgetAlert].self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let expense = F.expense(trip, "10", at: "2026-07-1\(index % 7)T12:00:00Z", category: index % 2 == 0 ? "food" : "other")
                        return try await store.add(expense, idempotencyKey: nil, trip: trip, at: F.utc("2026-07-20T00:00:00Z")).alerts
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let totalAlerts = alerts.filter { $0.limit == .total }.map(\.percent).sorted()
            #expect(totalAlerts == [80, 100])
            #expect(alerts.filter { $0.limit == .total && $0.percent == 80 }.first?.spent.minorUnits == 32_000)
            let stored = try await store.alerts(of: trip.ownerID, after: F.utc("2026-01-01T00:00:00Z"), limit: 100)
            #expect(Set(stored.map(\.id)) == Set(alerts.map(\.id)))
            // Each alert waits for the notifications service, queued in its write.
            let queued = try await Self.queuedPublications(of: trip.ownerID, in: store)
            #expect(Set(queued.map(\.key)) == Set(alerts.map { "budget_alert:\($0.id.lowercasedString)" }) && queued.count == alerts.count)
            #expect(
                queued.allSatisfy {
                    $0.kind == "budget_alert" && $0.timeZone == trip.zone.identifier && $0.data["tripId"] == trip.id.lowercasedString
                })
        }
    }

    /// What the store's outbox holds for `owner` (claimed, so only one test may look at an owner's).
    static func queuedPublications(of owner: UUID, in store: any BudgetRepository) async throws -> [Publication] {
        try await store.publications.claim(at: Date().addingTimeInterval(86_400), lease: .seconds(1), limit: 100_000)
            .map(\.publication).filter { $0.userID == owner }
    }

    @Test(arguments: StoreKind.allCases)
    func additionsEditsAndRemovalsOfOneBudgetAtOnceKeepItsSumsExact(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            // Writers of one budget take its lock at different points of their transactions: an addition
            // after its expense is in, an edit or a removal first. All at once, none may deadlock or lose a sum.
            let trip = F.trip()
            let now = F.utc("2026-07-20T00:00:00Z")
            _ = try await store.save(F.budget(trip, total: "100"), trip: trip, at: now)
            let first = (0..<20).map { F.expense(trip, "2", at: "2026-07-1\($0 % 5)T12:00:00Z", category: $0 % 2 == 0 ? "food" : "other") }
            for expense in first { _ = try await store.add(expense, idempotencyKey: nil, trip: trip, at: now) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, expense) in first.enumerated() {
                    group.addTask {
                        if index % 2 == 0 {
                            var edited = expense
                            edited.details.amount = F.money("3", "EUR")
                            edited.converted = edited.details.amount
                            edited.details.spentAt = F.utc("2026-07-1\((index + 1) % 5)T12:00:00Z")
                            #expect(try await store.replace(edited, trip: trip, at: now) != nil)
                        } else {
                            #expect(try await store.removeExpense(expense.id, trip: trip, at: now))
                        }
                        let added = F.expense(trip, "1", at: "2026-07-1\(index % 5)T18:00:00Z", category: "other")
                        _ = try await store.add(added, idempotencyKey: nil, trip: trip, at: now)
                    }
                }
                try await group.waitForAll()
            }
            // Ten edited to 3.00, ten removed, twenty of 1.00 added.
            let totals = try await store.totals(of: trip, days: [])
            #expect(totals.spent == 10 * 300 + 20 * 100)
            #expect(totals.byCategory == [BudgetCategory("food"): 3_000, BudgetCategory("other"): 2_000])
            #expect(try await store.dailyTotals(of: trip).values.map(\.count).reduce(0, +) == 30)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func goingBackUnderAndOverAgainCrossesAgainAndCapsAndDaysHaveTheirOwn(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = F.trip()
            let now = F.utc("2026-07-20T00:00:00Z")
            _ = try await store.save(F.budget(trip, total: "700", caps: ["food": "50"], thresholds: [100]), trip: trip, at: now)
            // 60 on food on the first day: the food cap (50) is crossed; the day's allowance (100) is not.
            var expense = F.expense(trip, "60", at: "2026-07-10T12:00:00Z")
            let first = try await store.add(expense, idempotencyKey: nil, trip: trip, at: now).alerts
            #expect(first.map(\.limit) == [.category(BudgetCategory("food"))])
            // Edited down under the cap, then up over it: a second crossing.
            expense.details.amount = F.money("40", "EUR")
            expense.converted = expense.details.amount
            #expect(try await store.replace(expense, trip: trip, at: now)?.alerts == [])
            expense.details.amount = F.money("120", "EUR")
            expense.converted = expense.details.amount
            let again = try await store.replace(expense, trip: trip, at: now)?.alerts ?? []
            #expect(Set(again.map(\.key)) == ["category:food@100", "day:2026-07-10@100"])
            // Still over: nothing new.
            let more = F.expense(trip, "1", at: "2026-07-10T13:00:00Z")
            #expect(try await store.add(more, idempotencyKey: nil, trip: trip, at: now).alerts == [])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func referenceRatesAreFoundOnTheDayOrTheNearestEarlierOne(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            // A currency of its own per run: the reference table is shared by every test on the database.
            let currencies = ["NOK", "SEK", "DKK", "PLN", "CZK", "HUF"].map { Currency($0)! }
            let currency = currencies[Int.random(in: 0..<currencies.count)]
            let friday = LocalDate("2031-03-14")!, monday = LocalDate("2031-03-17")!
            #expect(
                try await store.importReferenceRates([
                    ReferenceRate(date: friday, currency: currency, perEuro: Decimal(string: "11.4713")!),
                    ReferenceRate(date: monday, currency: currency, perEuro: Decimal(string: "11.5")!),
                ]) == 2)
            let sunday = try await store.referenceRates(for: [currency], on: LocalDate("2031-03-16")!, notBefore: LocalDate("2031-03-09")!)
            #expect(sunday[currency]?.date == friday && sunday[currency]?.perEuro == Decimal(string: "11.4713"))
            let onMonday = try await store.referenceRates(for: [currency], on: monday, notBefore: LocalDate("2031-03-10")!)
            #expect(onMonday[currency]?.perEuro == Decimal(string: "11.5"))
            let tooLate = try await store.referenceRates(for: [currency], on: LocalDate("2031-03-30")!, notBefore: LocalDate("2031-03-23")!)
            #expect(tooLate[currency] == nil)
            // Importing a day again replaces it.
            _ = try await store.importReferenceRates([ReferenceRate(date: friday, currency: currency, perEuro: Decimal(string: "11.47")!)])
            #expect(try await store.referenceRates(for: [currency], on: friday, notBefore: friday)[currency]?.perEuro == Decimal(string: "11.47"))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func tripRatesAreSetReplacedAndRemoved(_ kind: StoreKind) async throws {
        try await kind.withStore { store async throws in
            let trip = UUID(), owner = UUID()
            try await store.setTripRate(Decimal(string: "0.0062"), for: Currency("JPY")!, trip: trip, owner: owner)
            try await store.setTripRate(Decimal(string: "0.92"), for: Currency("USD")!, trip: trip, owner: owner)
            try await store.setTripRate(Decimal(string: "0.0061"), for: Currency("JPY")!, trip: trip, owner: owner)
            #expect(
                try await store.tripRates(of: trip) == [Currency("JPY")!: Decimal(string: "0.0061")!, Currency("USD")!: Decimal(string: "0.92")!])
            try await store.setTripRate(nil, for: Currency("USD")!, trip: trip, owner: owner)
            #expect(try await store.tripRates(of: trip).keys.map(\.code) == ["JPY"])
            #expect(try await store.tripRates(of: UUID()).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func purgesForgetATripAndEverythingOfAUser(_ kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store async throws in
            let owner = UUID()
            let kept = F.trip(owner: owner), purged = F.trip(owner: owner), stranger = F.trip()
            for trip in [kept, purged, stranger] {
                _ = try await store.save(F.budget(trip, total: "10"), trip: trip, at: F.utc("2026-07-20T00:00:00Z"))
                _ = try await store.add(
                    F.expense(trip, "20", at: "2026-07-10T12:00:00Z"), idempotencyKey: "k", trip: trip, at: F.utc("2026-07-20T00:00:00Z"))
                try await store.setTripRate(1, for: Currency("USD")!, trip: trip.id, owner: trip.ownerID)
            }
            try await store.purgeTrip(purged.id)
            try await store.purgeTrip(purged.id)
            // A write that raced the purge (trips' answer still cached) finds no trip.
            for write in [
                { _ = try await store.add(F.expense(purged, "1", at: "2026-07-10T12:00:00Z"), idempotencyKey: nil, trip: purged, at: .now) },
                { _ = try await store.save(F.budget(purged, total: "5"), trip: purged, at: .now) },
                { try await store.setTripRate(2, for: Currency("USD")!, trip: purged.id, owner: owner) },
            ] as [@Sendable () async throws -> Void] {
                await #expect { try await write() } throws: { ($0 as? RoamError)?.kind == .notFound }
            }
            let purgedBudget = try await store.budget(of: purged.id),
                purgedExpenses = try await store.earliestExpenses(of: purged.id, spentIn: nil, limit: 10)
            #expect(purgedBudget == nil && purgedExpenses.isEmpty)
            #expect(try await store.tripRates(of: purged.id).isEmpty)
            #expect(try await store.alerts(of: owner, after: F.utc("2000-01-01T00:00:00Z"), limit: 100).allSatisfy { $0.tripID == kept.id })
            #expect(try await store.budget(of: kept.id) != nil)
            try await store.purgeUser(owner)
            let keptBudget = try await store.budget(of: kept.id),
                keptExpenses = try await store.earliestExpenses(of: kept.id, spentIn: nil, limit: 10)
            #expect(keptBudget == nil && keptExpenses.isEmpty)
            #expect(try await store.alerts(of: owner, after: F.utc("2000-01-01T00:00:00Z"), limit: 100).isEmpty)
            #expect(try await Self.queuedPublications(of: owner, in: store).isEmpty, "nothing of theirs left to publish")
            // The key is free again for a new expense of that owner, on a new trip.
            let next = F.trip(owner: owner)
            #expect(try await !store.add(F.expense(next, "1", at: "2026-07-10T12:00:00Z"), idempotencyKey: "k", trip: next, at: .now).replayed)
            await #expect(throws: RoamError.self) {
                try await store.add(F.expense(kept, "1", at: "2026-07-10T12:00:00Z"), idempotencyKey: nil, trip: kept, at: .now)
            }
            let strangerBudget = try await store.budget(of: stranger.id),
                strangerExpenses = try await store.earliestExpenses(of: stranger.id, spentIn: nil, limit: 10)
            #expect(strangerBudget != nil && strangerExpenses.count == 1)
        }
    }
}
