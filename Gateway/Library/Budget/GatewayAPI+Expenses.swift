import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/expenses…`: money spent on the trip, in any currency.
extension GatewayAPI {
    func createExpense(_ input: Operations.CreateExpense.Input) async throws -> Operations.CreateExpense.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await budget.call { client, options in
            try await client.createExpense(
                .with {
                    $0.tripID = input.path.id
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.expense = .with {
                        $0.amount = body.amount
                        $0.currency = body.currency
                        $0.spentAt = .init(date: body.spentAt)
                        $0.category = body.category
                        $0.note = body.note ?? ""
                        $0.placeID = body.placeId ?? ""
                        $0.pinID = body.pinId ?? ""
                    }
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.expense))))
    }

    func listExpenses(_ input: Operations.ListExpenses.Input) async throws -> Operations.ListExpenses.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.listExpenses(
                .with {
                    $0.tripID = input.path.id
                    $0.date = input.query.date ?? ""
                    $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        expenses: response.expenses.map(Components.Schemas.Expense.init),
                        nextPageToken: .pageToken(response.page)))))
    }

    func getExpense(_ input: Operations.GetExpense.Input) async throws -> Operations.GetExpense.Output {
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.getExpense(
                .with {
                    $0.tripID = input.path.id
                    $0.expenseID = input.path.expenseId
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.expense))))
    }

    func updateExpense(_ input: Operations.UpdateExpense.Input) async throws -> Operations.UpdateExpense.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.updateExpense(
                .with {
                    $0.tripID = input.path.id
                    $0.expenseID = input.path.expenseId
                    if let amount = body.amount { $0.amount = amount }
                    if let currency = body.currency { $0.currency = currency }
                    if let spentAt = body.spentAt { $0.spentAt = .init(date: spentAt) }
                    if let category = body.category { $0.category = category }
                    if let note = body.note { $0.note = note }
                    if let placeId = body.placeId { $0.placeID = placeId }
                    if let pinId = body.pinId { $0.pinID = pinId }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.expense))))
    }

    func deleteExpense(_ input: Operations.DeleteExpense.Input) async throws -> Operations.DeleteExpense.Output {
        _ = try await budget.call(idempotent: true) { client, options in
            try await client.deleteExpense(
                .with {
                    $0.tripID = input.path.id
                    $0.expenseID = input.path.expenseId
                }, options: options)
        }
        return .noContent(.init())
    }

    /// The whole file, gathered here before it is sent (an export is at most 100,000 lines).
    func exportExpenses(_ input: Operations.ExportExpenses.Input) async throws -> Operations.ExportExpenses.Output {
        let csv = try await budget.call(idempotent: true) { client, options in
            try await client.exportExpenses(.with { $0.tripID = input.path.id }, options: options) { response in
                var data = Data()
                for try await chunk in response.messages { data.append(chunk.data) }
                return data
            }
        }
        return .ok(.init(body: .csv(HTTPBody(csv))))
    }
}
