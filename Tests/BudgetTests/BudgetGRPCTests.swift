import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget

/// The budget service behind the real interceptors, through the generated client, as trips' adapter is
/// tested: an expense's life with its key, its day in the trip's zone, what another user gets, bad
/// input named by field, and purges that only services may ask.
@Suite struct BudgetGRPCTests {
    typealias F = BudgetFixtures

    @Test func anExpenseIsRecordedListedEditedAndDeletedByItsOwnerOnly() async throws {
        let tokens = await TestTokens()
        let (ana, bo) = (UUID(), UUID())
        // Lisbon, an hour ahead of UTC in July.
        let trip = F.trip(owner: ana, "2026-07-10", "2026-07-16")
        let store = InMemoryBudgetStore()
        let budgets = BudgetService(
            trips: TableTripDirectory(trip), budgets: store, rates: store, announce: { _ in }, now: { F.utc("2026-07-12T10:00:00Z") })
        try await InProcessService.run(
            [
                BudgetGRPCService(budgets: budgets, notifications: UserStreams<BudgetAlert>(), alerts: store),
                PurgeGRPCService(BudgetPurge(budgets: store), purgedUsers: .inMemory),
            ],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = Roam_Budget_V1_BudgetService.Client(wrapping: grpc)
            let asAna: Metadata = ["authorization": "Bearer \(try await tokens.userToken(ana))"]
            let asBo: Metadata = ["authorization": "Bearer \(try await tokens.userToken(bo))"]
            let tripID = trip.id.lowercasedString
            let fields = Roam_Budget_V1_ExpenseFields.with {
                $0.amount = "12.50"
                $0.currency = "eur"
                $0.spentAt = .init(date: F.utc("2026-07-10T23:30:00Z"))
                $0.category = "food"
                $0.note = "dinner"
            }
            let created = try await client.createExpense(
                .with {
                    $0.tripID = tripID
                    $0.expense = fields
                    $0.idempotencyKey = "k"
                }, metadata: asAna)
            let expense = created.expense
            #expect(!created.replayed && expense.amount.minorUnits == 1_250 && expense.amount.currencyCode == "EUR" && expense.note == "dinner")
            #expect(expense.date == "2026-07-11", "23:30 UTC is the next day in Lisbon")
            let again = try await client.createExpense(
                .with {
                    $0.tripID = tripID
                    $0.expense = fields
                    $0.idempotencyKey = "k"
                }, metadata: asAna)
            #expect(again.replayed && again.expense.id == expense.id, "the same key answers the first expense")

            let bad = await rpcFailure {
                _ = try await client.createExpense(
                    .with {
                        $0.tripID = tripID
                        $0.expense = fields
                        $0.expense.currency = "XXZ"
                        $0.expense.category = "casino"
                    }, metadata: asAna)
            }
            #expect(bad?.reason == "INVALID_FIELD" && Set(bad?.violations.map(\.field) ?? []) == ["currency", "category"])
            let tooPrecise = await rpcFailure {
                _ = try await client.createExpense(
                    .with {
                        $0.tripID = tripID
                        $0.expense = fields
                        $0.expense.amount = "1.234"
                    }, metadata: asAna)
            }
            #expect(tooPrecise?.violations.map(\.field) == ["amount"], "euros have two decimals")
            #expect(
                await rpcFailure { _ = try await client.listExpenses(.with { $0.tripID = "nope" }, metadata: asAna) }?.violations.map(\.field) == [
                    "trip_id"
                ])
            #expect(await rpcFailure { _ = try await client.listExpenses(.with { $0.tripID = tripID }) }?.reason == "UNAUTHENTICATED")
            let strangers = await rpcFailure {
                _ = try await client.getExpense(
                    .with {
                        $0.tripID = tripID
                        $0.expenseID = expense.id
                    }, metadata: asBo)
            }
            #expect(strangers?.reason == "NOT_FOUND")

            func listed(on date: String) async throws -> [String] {
                try await client.listExpenses(
                    .with {
                        $0.tripID = tripID
                        $0.date = date
                    }, metadata: asAna
                ).expenses.map(\.id)
            }
            #expect(try await listed(on: "2026-07-11") == [expense.id])
            #expect(try await listed(on: "2026-07-10").isEmpty, "listed on its day in the trip's zone, not UTC's")
            let day = try await client.getDay(
                .with {
                    $0.tripID = tripID
                    $0.date = "2026-07-11"
                }, metadata: asAna)
            #expect(day.expenses.map(\.id) == [expense.id] && day.spent.minorUnits == 1_250 && day.expenseCount == 1)

            let noted = try await client.updateExpense(
                .with {
                    $0.tripID = tripID
                    $0.expenseID = expense.id
                    $0.note = "late dinner"
                }, metadata: asAna
            ).expense
            #expect(noted.note == "late dinner" && noted.amount == expense.amount && noted.date == "2026-07-11", "PATCH changes only what was sent")
            let strangersEdit = await rpcFailure {
                _ = try await client.updateExpense(
                    .with {
                        $0.tripID = tripID
                        $0.expenseID = expense.id
                        $0.note = "mine"
                    }, metadata: asBo)
            }
            #expect(strangersEdit?.reason == "NOT_FOUND")
            let strangersDelete = await rpcFailure {
                _ = try await client.deleteExpense(
                    .with {
                        $0.tripID = tripID
                        $0.expenseID = expense.id
                    }, metadata: asBo)
            }
            #expect(strangersDelete?.reason == "NOT_FOUND")
            #expect(try await listed(on: "2026-07-11") == [expense.id], "a stranger deletes nothing")

            // Only services purge: a user may not wipe someone's budget.
            let purge = Roam_Purge_V1_PurgeService.Client(wrapping: grpc)
            #expect(
                await rpcFailure { _ = try await purge.purgeUser(.with { $0.userID = ana.lowercasedString }, metadata: asBo) }?.reason
                    == "PERMISSION_DENIED")
            let asService: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken())"]
            _ = try await purge.purgeTrip(.with { $0.tripID = tripID }, metadata: asService)
            #expect(try await listed(on: "2026-07-11").isEmpty, "a deleted trip's expenses go with it")
        }
    }
}
