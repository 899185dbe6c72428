import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

extension BudgetGRPCService {
    public func createExpense(
        request: Roam_Budget_V1_CreateExpenseRequest, context _: ServerContext
    ) async throws
        -> Roam_Budget_V1_CreateExpenseResponse
    {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let fields = request.expense
        let draft = ExpenseDraft(
            amount: fields.amount, currency: fields.currency, spentAt: fields.hasSpentAt ? fields.spentAt.date : nil,
            category: fields.category, note: fields.note, placeID: fields.placeID, pinID: fields.pinID)
        let owner = try caller()
        let write = try await budgets.addExpense(
            trip: tripID, owner: owner, draft: draft,
            idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with {
            $0.expense = write.expense.proto
            $0.replayed = write.replayed
        }
    }

    public func getExpense(request: Roam_Budget_V1_GetExpenseRequest, context _: ServerContext) async throws -> Roam_Budget_V1_GetExpenseResponse {
        let (tripID, expenseID) = try ids(trip: request.tripID, expense: request.expenseID)
        let owner = try caller()
        let expense = try await budgets.expense(expenseID, trip: tripID, owner: owner)
        return .with { $0.expense = expense.proto }
    }

    public func listExpenses(
        request: Roam_Budget_V1_ListExpensesRequest, context _: ServerContext
    ) async throws -> Roam_Budget_V1_ListExpensesResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let owner = try caller()
        let page = try await budgets.expenses(trip: tripID, owner: owner, date: Self.date(request.date), page: request.page.domain())
        return .with {
            $0.expenses = page.items.map { $0.proto }
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func updateExpense(
        request: Roam_Budget_V1_UpdateExpenseRequest, context _: ServerContext
    ) async throws
        -> Roam_Budget_V1_UpdateExpenseResponse
    {
        let (tripID, expenseID) = try ids(trip: request.tripID, expense: request.expenseID)
        let changes = ExpenseChanges(
            amount: request.hasAmount ? request.amount : nil, currency: request.hasCurrency ? request.currency : nil,
            spentAt: request.hasSpentAt ? request.spentAt.date : nil, category: request.hasCategory ? request.category : nil,
            note: request.hasNote ? request.note : nil, placeID: request.hasPlaceID ? request.placeID : nil,
            pinID: request.hasPinID ? request.pinID : nil)
        let owner = try caller()
        let expense = try await budgets.updateExpense(expenseID, trip: tripID, owner: owner, changes: changes)
        return .with { $0.expense = expense.proto }
    }

    public func deleteExpense(
        request: Roam_Budget_V1_DeleteExpenseRequest, context _: ServerContext
    ) async throws -> Roam_Budget_V1_DeleteExpenseResponse {
        let (tripID, expenseID) = try ids(trip: request.tripID, expense: request.expenseID)
        try await budgets.deleteExpense(expenseID, trip: tripID, owner: caller())
        return .init()
    }
}
