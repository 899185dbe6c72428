import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/budget…` and `/v1/trips/{id}/rates…`: the trip's budget, owned by the trip's owner
/// (budget asks trips; someone else's trip answers 404).
extension GatewayAPI {
    func getBudget(_ input: Operations.GetBudget.Input) async throws -> Operations.GetBudget.Output {
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.getBudget(
                .with {
                    $0.tripID = input.path.id
                    $0.date = input.query.date ?? ""
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        budget: .init(response.budget), spent: .init(response.spent),
                        remaining: .init(response.remaining, present: response.hasRemaining),
                        categories: response.categories.map(Components.Schemas.CategorySpending.init), date: response.date,
                        allowance: .init(response.allowance, present: response.hasAllowance),
                        spentOnDate: .init(response.spentOnDate)))))
    }

    func deleteBudget(_ input: Operations.DeleteBudget.Input) async throws -> Operations.DeleteBudget.Output {
        _ = try await budget.call { client, options in try await client.deleteBudget(.with { $0.tripID = input.path.id }, options: options) }
        return .noContent(.init())
    }

    func setBudget(_ input: Operations.SetBudget.Input) async throws -> Operations.SetBudget.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.setBudget(
                .with {
                    $0.tripID = input.path.id
                    $0.total = body.total
                    $0.caps = body.caps?.additionalProperties ?? [:]
                    $0.categories = body.categories ?? []
                    if let thresholds = body.alertThresholds {
                        $0.alertThresholds = .with { $0.percents = thresholds.map { Int32(clamping: $0) } }
                    }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.budget))))
    }

    func getBudgetStatistics(_ input: Operations.GetBudgetStatistics.Input) async throws -> Operations.GetBudgetStatistics.Output {
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.getStatistics(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response))))
    }

    func getBudgetChart(_ input: Operations.GetBudgetChart.Input) async throws -> Operations.GetBudgetChart.Output {
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.getChart(
                .with {
                    $0.tripID = input.path.id
                    $0.kind = input.path.chart == .byCategory ? .byCategory : .perDay
                }, options: options)
        }
        return .ok(.init(body: .imageSvgXml(HTTPBody(response.svg))))
    }

    func listTripRates(_ input: Operations.ListTripRates.Input) async throws -> Operations.ListTripRates.Output {
        let response = try await budget.call(idempotent: true) { client, options in
            try await client.listTripRates(.with { $0.tripID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response))))
    }

    func setTripRate(_ input: Operations.SetTripRate.Input) async throws -> Operations.SetTripRate.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(.init(body: .json(.init(try await tripRate(body.rate, currency: input.path.currency, trip: input.path.id)))))
    }

    func deleteTripRate(_ input: Operations.DeleteTripRate.Input) async throws -> Operations.DeleteTripRate.Output {
        .ok(.init(body: .json(.init(try await tripRate("", currency: input.path.currency, trip: input.path.id)))))
    }

    private func tripRate(_ rate: String, currency: String, trip: String) async throws -> Roam_Budget_V1_TripRatesResponse {
        try await budget.call(idempotent: true) { client, options in
            try await client.setTripRate(
                .with {
                    $0.tripID = trip
                    $0.currency = currency
                    $0.rate = rate
                }, options: options)
        }
    }
}
