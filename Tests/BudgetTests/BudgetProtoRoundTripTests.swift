import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget

/// Every field of budget's messages through its adapter into the store and back: requests with every
/// field set (`ProtoFill`, from the descriptors), the stored expense with no member unset, and answers
/// with no field unset and each sent field as sent. A field added to a message but forgotten by the
/// adapter, the domain's draft or changes, or the store comes back unset here.
@Suite struct BudgetProtoRoundTripTests {
    typealias F = BudgetFixtures

    @Test func anExpenseWithEveryFieldSetComesBackWhole() async throws {
        let tokens = await TestTokens()
        let owner = UUID()
        // The budget is in euros and the expense in dollars, so the conversion's fields are set too.
        let trip = F.trip(owner: owner, "2026-07-10", "2026-07-16", currency: "EUR")
        let (place, pin) = (UUID(), UUID())
        let store = InMemoryBudgetStore()
        _ = try await store.importReferenceRates([ReferenceRate(date: LocalDate("2026-07-10")!, currency: Currency("USD")!, perEuro: 1.1)])
        let budgets = BudgetService(
            trips: TableTripDirectory(trip, pins: [pin: trip.id], places: [place]), budgets: store, rates: store, announce: { _ in },
            now: { F.utc("2026-07-12T10:00:00Z") })
        try await InProcessService.run(
            [BudgetGRPCService(budgets: budgets, notifications: UserStreams<BudgetAlert>(), alerts: store)],
            verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = Roam_Budget_V1_BudgetService.Client(wrapping: grpc)
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(owner))"]
            // A place or a pin, not both: the place goes in with the expense, the pin with its edit.
            let create = try ProtoFill.every(
                Roam_Budget_V1_CreateExpenseRequest.self,
                values: [
                    "trip_id": trip.id.lowercasedString, "amount": "12.50", "currency": "USD", "category": "food",
                    "place_id": place.lowercasedString, "pin_id": ProtoFill.left,
                ])
            let created = try await client.createExpense(create, metadata: metadata)
            #expect(ProtoFill.unsetFields(of: created) == ["expense.pin_id", "replayed"], "replayed is false the first time")
            #expect(ProtoFill.differences(sent: create.expense, received: created.expense, ignoring: ["amount"]).isEmpty)
            let id = try #require(UUID(uuidString: created.expense.id))
            let stored = try #require(try await store.expense(id, trip: trip.id))
            #expect(unsetMembers(of: stored) == ["details.pinID"])

            let update = try ProtoFill.every(
                Roam_Budget_V1_UpdateExpenseRequest.self, variant: 2,
                values: [
                    "trip_id": trip.id.lowercasedString, "expense_id": created.expense.id, "amount": "20.00", "currency": "USD",
                    "category": "transport", "spent_at": "2026-07-13T08:30:00Z", "place_id": "", "pin_id": pin.lowercasedString,
                ])
            let updated = try await client.updateExpense(update, metadata: metadata).expense
            #expect(ProtoFill.unsetFields(of: updated) == ["place_id"], "an empty place_id removes it")
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["amount", "place_id"]).isEmpty)

            // An edit that sends nothing changes nothing.
            let nothing = Roam_Budget_V1_UpdateExpenseRequest.with {
                $0.tripID = trip.id.lowercasedString
                $0.expenseID = created.expense.id
            }
            let untouched = try await client.updateExpense(nothing, metadata: metadata).expense
            var expected = updated
            expected.updatedAt = untouched.updatedAt
            #expect(untouched == expected)
            let asked = Roam_Budget_V1_GetExpenseRequest.with {
                $0.tripID = nothing.tripID; $0.expenseID = nothing.expenseID
            }
            let read = try await client.getExpense(asked, metadata: metadata).expense
            #expect(read == untouched)
        }
    }
}
