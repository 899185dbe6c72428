import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The gRPC face of the budget service: converts messages and calls `BudgetService` for the caller.
public struct BudgetGRPCService: Roam_Budget_V1_BudgetService.SimpleServiceProtocol, ActsForCaller {
    let budgets: BudgetService
    /// The alert streams open on this replica, fed by the alert listener (or the service, in memory).
    let notifications: UserStreams<BudgetAlert>
    /// What a returning stream missed.
    let alerts: any BudgetRepository

    /// The trip and the expense a request names; each that is not a UUID is named.
    func ids(trip: String, expense: String) throws(RoamError) -> (UUID, UUID) {
        var validation = Validation()
        let tripID = UUID(uuidString: trip), expenseID = UUID(uuidString: expense)
        validation.require(tripID != nil, "trip_id", "must be a UUID")
        validation.require(expenseID != nil, "expense_id", "must be a UUID")
        try validation.check()
        return (tripID!, expenseID!)
    }

    static func date(_ text: String) throws(RoamError) -> LocalDate? {
        text.isEmpty ? nil : try LocalDate(field: "date", text)
    }

    public func setBudget(request: Roam_Budget_V1_SetBudgetRequest, context _: ServerContext) async throws -> Roam_Budget_V1_SetBudgetResponse {
        let budget = try await budgets.setPlan(
            trip: UUID(field: "trip_id", request.tripID), owner: caller(), total: request.total, caps: request.caps,
            categories: request.categories,
            thresholds: request.hasAlertThresholds ? request.alertThresholds.percents.map(Int.init) : nil)
        return .with { $0.budget = budget.proto }
    }

    public func deleteBudget(
        request: Roam_Budget_V1_DeleteBudgetRequest, context _: ServerContext
    ) async throws -> Roam_Budget_V1_DeleteBudgetResponse {
        try await budgets.deletePlan(trip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .init()
    }

    public func getBudget(request: Roam_Budget_V1_GetBudgetRequest, context _: ServerContext) async throws -> Roam_Budget_V1_GetBudgetResponse {
        let overview = try await budgets.overview(trip: UUID(field: "trip_id", request.tripID), owner: caller(), date: Self.date(request.date))
        let currency = overview.budget.currency
        return .with {
            $0.budget = overview.budget.proto
            $0.spent = overview.spent.proto
            if let remaining = overview.remaining { $0.remaining = remaining.proto }
            $0.categories = overview.categories.map { spending in
                .with {
                    $0.category = spending.category.name
                    $0.spent = spending.spent.proto
                    if let cap = spending.cap { $0.cap = cap.proto }
                }
            }
            $0.date = overview.date.description
            if let allowance = overview.allowance { $0.allowance = allowance.proto(currency) }
            $0.spentOnDate = overview.spentOnDate.proto
        }
    }

    public func setTripRate(request: Roam_Budget_V1_SetTripRateRequest, context _: ServerContext) async throws -> Roam_Budget_V1_TripRatesResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        _ = try await budgets.setRate(request.rate.isEmpty ? nil : request.rate, for: request.currency, trip: tripID, owner: caller())
        return try await rates(of: tripID)
    }

    public func listTripRates(request: Roam_Budget_V1_ListTripRatesRequest, context _: ServerContext) async throws -> Roam_Budget_V1_TripRatesResponse
    {
        try await rates(of: UUID(field: "trip_id", request.tripID))
    }

    func rates(of trip: UUID) async throws -> Roam_Budget_V1_TripRatesResponse {
        let (currency, rates) = try await budgets.rates(trip: trip, owner: caller())
        return .with {
            $0.currency = currency.code
            $0.rates = rates.sorted { $0.key.code < $1.key.code }.map { currency, rate in
                .with {
                    $0.currency = currency.code; $0.rate = ExchangeRate.text(rate)
                }
            }
        }
    }

    public func importReferenceRates(
        request: Roam_Budget_V1_ImportReferenceRatesRequest, context _: ServerContext
    ) async throws
        -> Roam_Budget_V1_ImportReferenceRatesResponse
    {
        var validation = Validation()
        validation.require(request.rates.count <= Self.importBatchLimit, "rates", "at most \(Self.importBatchLimit) at a time")
        var rates: [ReferenceRate] = []
        for (index, rate) in request.rates.enumerated() {
            let date = LocalDate(rate.date), currency = Currency(rate.currency)
            var perEuro: Decimal?
            validation.require(date != nil, "rates[\(index)].date", "must be a date such as 2026-07-14")
            validation.require(currency != nil && currency?.code != "EUR", "rates[\(index)].currency", "must be an ISO 4217 code other than EUR")
            do { perEuro = try ExchangeRate.parse(rate.perEuro, field: "rates[\(index)].per_euro") } catch {
                validation.fail("rates[\(index)].per_euro", error.violations.first?.description ?? error.message)
            }
            if let date, let currency, let perEuro { rates.append(ReferenceRate(date: date, currency: currency, perEuro: perEuro)) }
        }
        try validation.check()
        let written = try await budgets.rates.importReferenceRates(rates)
        return .with { $0.written = Int32(clamping: written) }
    }

    /// The most rates one import call carries.
    public static let importBatchLimit = 5_000
}
