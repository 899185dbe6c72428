import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The day, the calendar, statistics, the CSV export and the charts.
extension BudgetGRPCService {
    public func getDay(request: Roam_Budget_V1_GetDayRequest, context _: ServerContext) async throws -> Roam_Budget_V1_GetDayResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let date = try LocalDate(field: "date", request.date)
        let owner = try caller()
        let day = try await budgets.day(date, trip: tripID, owner: owner)
        return .with {
            $0.date = day.date.description
            $0.expenses = day.expenses.map { $0.proto }
            $0.spent = day.spent.proto
            if let allowance = day.allowance { $0.allowance = allowance.proto(day.currency) }
            $0.expenseCount = Int32(clamping: day.expenseCount)
        }
    }

    public func getCalendar(request: Roam_Budget_V1_GetCalendarRequest, context _: ServerContext) async throws -> Roam_Budget_V1_GetCalendarResponse {
        let (currency, days) = try await budgets.calendar(trip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with {
            $0.currency = currency.code
            $0.days = days.map { date, total in total.proto(date, currency) }
        }
    }

    public func getStatistics(
        request: Roam_Budget_V1_GetStatisticsRequest, context _: ServerContext
    ) async throws
        -> Roam_Budget_V1_GetStatisticsResponse
    {
        let statistics = try await budgets.statistics(trip: UUID(field: "trip_id", request.tripID), owner: caller())
        let currency = statistics.currency
        return .with {
            $0.expenseCount = Int32(clamping: statistics.expenseCount)
            $0.spent = Money(statistics.spent, currency).proto
            if let remaining = statistics.remaining { $0.remaining = Money(remaining, currency).proto }
            if let mean = statistics.mean { $0.mean = Money(mean, currency).proto }
            $0.mostFrequentCategory = statistics.mostFrequentCategory?.name ?? ""
            if let smallest = statistics.smallest { $0.smallest = Money(smallest, currency).proto }
            if let largest = statistics.largest { $0.largest = Money(largest, currency).proto }
            $0.elapsedDays = Int32(statistics.elapsedDays)
            if let average = statistics.averagePerElapsedDay { $0.averagePerElapsedDay = Money(average, currency).proto }
            $0.categories = statistics.categories.map { row in
                .with {
                    $0.category = row.category.name
                    $0.spent = Money(row.spent, currency).proto
                    if let cap = row.cap { $0.cap = Money(cap, currency).proto }
                    $0.expenseCount = Int32(clamping: row.count)
                }
            }
            $0.days = statistics.days.map { $0.total.proto($0.date, currency) }
            if let planned = statistics.plannedPerDay { $0.plannedPerDay = Money(planned, currency).proto }
        }
    }

    /// Chunks of about 64 KiB.
    public func exportExpenses(
        request: Roam_Budget_V1_ExportExpensesRequest, response: RPCWriter<Roam_Budget_V1_ExportExpensesResponse>,
        context _: ServerContext
    ) async throws {
        let (trip, expenses) = try await budgets.export(trip: UUID(field: "trip_id", request.tripID), owner: caller())
        var chunk = ExpensesCSV.header()
        for expense in expenses {
            chunk += ExpensesCSV.line(expense, trip: trip)
            if chunk.utf8.count >= 65_536 {
                try await response.write(.with { $0.data = Data(chunk.utf8) })
                chunk = ""
            }
        }
        if !chunk.isEmpty { try await response.write(.with { $0.data = Data(chunk.utf8) }) }
    }

    public func getChart(request: Roam_Budget_V1_GetChartRequest, context _: ServerContext) async throws -> Roam_Budget_V1_GetChartResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let draw: @Sendable (BudgetStatistics) -> String
        switch request.kind {
        case .byCategory: draw = BudgetCharts.byCategory
        case .perDay: draw = BudgetCharts.perDay
        default: throw RoamError.invalidField("kind", "must be BY_CATEGORY or PER_DAY")
        }
        let statistics = try await budgets.statistics(trip: tripID, owner: caller())
        return .with { $0.svg = draw(statistics) }
    }
}
