import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime

/// Budgets, expenses and alerts in PostgreSQL (schema `budget`). A write that changes spending locks the
/// trip's budget row, so alert checks see every write before theirs; it takes the lock as late as it
/// can (an expense goes in first), so writers of one budget wait for each other only over the running
/// sums, the check and the commit.
public struct PostgresBudgetStore: BudgetRepository {
    let database: Database

    public static let alertsChannel = "budget_alerts"

    public var publications: any PublicationQueue { PostgresPublicationQueue(database: database, schema: BudgetMigrations.schema) }

    static let budgetColumns = "trip_id, owner_id, currency, total, categories, caps::text, thresholds, crossed, updated_at"

    static func decodeBudget(_ row: PostgresRow) throws -> (Budget, crossed: Set<String>) {
        let (trip, owner, code, total, categories, capsJSON, thresholds, crossed, updatedAt) =
            try row.decode((UUID, UUID, String, Int64?, [String], String, [Int64], [String], Date).self)
        guard let currency = Currency(code) else { throw RoamError.internal }
        let caps = try JSONDecoder().decode([String: Int64].self, from: Data(capsJSON.utf8))
        let plan = total.map { total in
            BudgetPlan(
                total: Money(minorUnits: total, currency: currency), customCategories: categories.map(BudgetCategory.init),
                caps: Dictionary(uniqueKeysWithValues: caps.map { (BudgetCategory($0.key), Money(minorUnits: $0.value, currency: currency)) }))
        }
        return (
            Budget(
                tripID: trip, ownerID: owner, currency: currency, plan: plan, thresholds: AlertThresholds(unchecked: thresholds.map(Int.init)),
                updatedAt: updatedAt), Set(crossed)
        )
    }

    public func budget(of trip: UUID) async throws -> Budget? {
        try await database.query("SELECT \(unescaped: Self.budgetColumns) FROM budget.budgets WHERE trip_id = \(trip)").first.map {
            try Self.decodeBudget($0).0
        }
    }

    public func save(_ budget: Budget, trip: TripFacts, at now: Date) async throws -> [BudgetAlert] {
        let caps = budget.plan?.caps ?? [:]
        let capsJSON = String(
            decoding: try JSONEncoder().encode(Dictionary(uniqueKeysWithValues: caps.map { ($0.key.name, $0.value.minorUnits) })),
            as: UTF8.self)
        return try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await Self.requireNotPurged(trip.id, on: connection, logger: logger)
            // The upsert locks the row; the check below reads it again under that lock.
            try await connection.query(
                """
                INSERT INTO budget.budgets (trip_id, owner_id, currency, total, categories, caps, thresholds, updated_at)
                VALUES (\(trip.id), \(trip.ownerID), \(budget.currency.code), \(budget.plan?.total.minorUnits),
                        \(budget.plan?.customCategories.map(\.name) ?? []), \(capsJSON)::jsonb, \(budget.thresholds.percents.map(Int64.init)), \(budget.updatedAt))
                ON CONFLICT (trip_id) DO UPDATE SET total = excluded.total, categories = excluded.categories, caps = excluded.caps,
                    thresholds = excluded.thresholds, updated_at = excluded.updated_at
                """, logger: logger)
            let days = try await connection.query(
                """
                SELECT DISTINCT (quarter AT TIME ZONE \(trip.zone.identifier))::date::text FROM budget.quarter_totals
                WHERE trip_id = \(trip.id) AND expenses > 0
                """, logger: logger
            ).collect().compactMap { LocalDate(try $0.decode(String.self)) }.filter(trip.contains).sorted()
            let locked = try await Self.lockBudget(of: trip, on: connection, logger: logger)
            return try await Self.checkAlerts(locked, trip: trip, days: days, at: now, on: connection, logger: logger)
        }
    }

    /// Makes an unplanned budget if the trip has none, in one statement with the purge check; the
    /// budget is not locked (an expense's foreign key only shares it).
    static func makeBudget(of trip: TripFacts, at now: Date, on connection: TracedConnection, logger: Logger) async throws {
        let purged = try await connection.query(
            """
            WITH purged AS (SELECT 1 FROM budget.purged_trips WHERE trip_id = \(trip.id)),
            made AS (
                INSERT INTO budget.budgets (trip_id, owner_id, currency, updated_at)
                SELECT \(trip.id), \(trip.ownerID), \(trip.currency.code), \(now) WHERE NOT EXISTS (SELECT 1 FROM purged)
                ON CONFLICT (trip_id) DO NOTHING)
            SELECT EXISTS (SELECT 1 FROM purged)
            """, logger: logger
        ).collect()
        if try purged.first?.decode(Bool.self) ?? false { throw RoamError.notFound("trip") }
    }

    /// Locks the budget, which `makeBudget` made, and returns it with the limits crossed now. The lock
    /// (`FOR NO KEY UPDATE`) is every spending write's turn: it does not wait for the foreign keys of
    /// expenses other writers are inserting, only for the writer whose check runs.
    static func lockBudget(of trip: TripFacts, on connection: TracedConnection, logger: Logger) async throws -> (Budget, Set<String>) {
        try decodeLocked(
            await connection.query(
                "SELECT \(unescaped: budgetColumns) FROM budget.budgets WHERE trip_id = \(trip.id) FOR NO KEY UPDATE", logger: logger
            ).collect())
    }

    static func decodeLocked(_ rows: [PostgresRow]) throws -> (Budget, Set<String>) {
        guard let row = rows.first else { throw RoamError.notFound("trip") }
        return try decodeBudget(row)
    }

    /// NOT_FOUND for a trip purged here: trips deleted it, whatever a cached answer says.
    static func requireNotPurged(_ trip: UUID, on connection: TracedConnection, logger: Logger) async throws {
        let purged = try await connection.query("SELECT 1 FROM budget.purged_trips WHERE trip_id = \(trip)", logger: logger).collect()
        if !purged.isEmpty { throw RoamError.notFound("trip") }
    }

    /// With the budget locked (`lockBudget`, whose answer `locked` is): runs the alert check on the totals
    /// now, keeps the crossed set, stores the new alerts and announces them (PostgreSQL sends the
    /// announcements as the transaction commits).
    static func checkAlerts(
        _ locked: (Budget, Set<String>), trip: TripFacts, days: [LocalDate], at now: Date, on connection: TracedConnection, logger: Logger
    ) async throws
        -> [BudgetAlert]
    {
        let (budget, crossedBefore) = locked
        let totals = try await totals(of: trip, days: days, on: connection, logger: logger)
        let outcome = AlertCheck(budget: budget, trip: trip, days: days).evaluate(totals, crossedBefore: crossedBefore, at: now)
        if outcome.crossed != crossedBefore {
            try await connection.query("UPDATE budget.budgets SET crossed = \(outcome.crossed.sorted()) WHERE trip_id = \(trip.id)", logger: logger)
        }
        for alert in outcome.alerts {
            let (kind, category, day) = alert.limit.columns
            try await connection.query(
                """
                WITH stored AS (
                    INSERT INTO budget.alerts (id, owner_id, trip_id, limit_kind, category, day, percent, spent, limit_amount, currency, at)
                    VALUES (\(alert.id), \(alert.ownerID), \(alert.tripID), \(kind), \(category), \(day)::date, \(alert.percent),
                            \(alert.spent.minorUnits), \(alert.limitAmount.minorUnits), \(alert.spent.currency.code), \(alert.at))
                    RETURNING id)
                SELECT pg_notify(\(alertsChannel), \(try AlertAnnouncement(alert).json)) FROM stored
                """, logger: logger)
        }
        try await PostgresPublicationQueue.insert(
            outcome.alerts.map { $0.publication(in: trip.zone) }, schema: BudgetMigrations.schema, at: now, on: connection, logger: logger)
        return outcome.alerts
    }

    /// One statement sees one snapshot: no transaction (and its two extra round trips) is needed.
    public func totals(of trip: TripFacts, days: [LocalDate]) async throws -> BudgetTotals {
        try Self.totals(from: await database.query(Self.totalsQuery(of: trip, days: days)))
    }

    /// The same inside a write's transaction.
    static func totals(of trip: TripFacts, days: [LocalDate], on connection: TracedConnection, logger: Logger) async throws -> BudgetTotals {
        try totals(from: await connection.query(totalsQuery(of: trip, days: days), logger: logger).collect())
    }

    /// The category sums and, for each of `days`, what was spent before and on it, in one statement.
    static func totalsQuery(of trip: TripFacts, days: [LocalDate]) -> PostgresQuery {
        let intervals = days.map(trip.zone.interval(of:))
        return """
            SELECT false, category, spent, 0::int8, 0::int8 FROM budget.category_totals WHERE trip_id = \(trip.id) AND expenses > 0
            UNION ALL
            SELECT true, d.day,
                   (SELECT coalesce(sum(spent), 0)::int8 FROM budget.quarter_totals q WHERE q.trip_id = \(trip.id) AND q.quarter < d.starts),
                   coalesce(sum(q.spent), 0)::int8, coalesce(sum(q.expenses), 0)::int8
            FROM unnest(\(days.map(\.description))::text[], \(intervals.map(\.lowerBound))::timestamptz[], \(intervals.map(\.upperBound))::timestamptz[])
                 AS d(day, starts, ends)
            LEFT JOIN budget.quarter_totals q ON q.trip_id = \(trip.id) AND q.quarter >= d.starts AND q.quarter < d.ends
            GROUP BY d.day, d.starts
            """
    }

    static func totals(from rows: [PostgresRow]) throws -> BudgetTotals {
        var totals = BudgetTotals()
        for row in rows {
            let (isDay, name, first, on, count) = try row.decode((Bool, String, Int64, Int64, Int64).self)
            if isDay {
                guard let date = LocalDate(name) else { throw RoamError.internal }
                totals.days[date] = .init(before: first, on: on, count: Int(count))
            } else {
                totals.byCategory[BudgetCategory(name)] = first
                totals.spent += first
            }
        }
        return totals
    }

    /// Adds the expense (`sign` 1) to its category's and its quarter hour's running sums, or takes it
    /// off (-1), in one statement that takes the budget's lock first (the sums are written from the locked
    /// row, so an addition needs no `lockBudget` of its own) and returns the budget as `lockBudget` does.
    @discardableResult
    static func count(
        _ expense: Expense, _ sign: Int64, on connection: TracedConnection, logger: Logger
    ) async throws -> (Budget, Set<String>) {
        let (amount, expenses, quarter) = (sign * expense.converted.minorUnits, Int32(sign), quarter(of: expense))
        return try decodeLocked(
            await connection.query(
                """
                WITH locked AS (SELECT \(unescaped: budgetColumns) FROM budget.budgets WHERE trip_id = \(expense.tripID) FOR NO KEY UPDATE),
                by_category AS (
                    INSERT INTO budget.category_totals (trip_id, category, spent, expenses)
                    SELECT trip_id, \(expense.details.category.name), \(amount), \(expenses) FROM locked
                    ON CONFLICT (trip_id, category) DO UPDATE SET spent = category_totals.spent + excluded.spent,
                        expenses = category_totals.expenses + excluded.expenses),
                by_quarter AS (
                    INSERT INTO budget.quarter_totals (trip_id, quarter, spent, expenses)
                    SELECT trip_id, \(quarter), \(amount), \(expenses) FROM locked
                    ON CONFLICT (trip_id, quarter) DO UPDATE SET spent = quarter_totals.spent + excluded.spent,
                        expenses = quarter_totals.expenses + excluded.expenses)
                SELECT * FROM locked
                """, logger: logger
            ).collect())
    }

    /// The quarter hour an expense's running sum is kept in.
    static func quarter(of expense: Expense) -> Date {
        Date(timeIntervalSince1970: (expense.details.spentAt.timeIntervalSince1970 / 900).rounded(.down) * 900)
    }

    public func dailyTotals(of trip: TripFacts) async throws -> [LocalDate: DayTotal] {
        var days: [LocalDate: DayTotal] = [:]
        for row in try await database.query(
            """
            SELECT (quarter AT TIME ZONE \(trip.zone.identifier))::date::text, sum(expenses)::int8, sum(spent)::int8
            FROM budget.quarter_totals WHERE trip_id = \(trip.id) AND expenses > 0 GROUP BY 1
            """)
        {
            let (day, count, spent) = try row.decode((String, Int64, Int64).self)
            guard let date = LocalDate(day) else { throw RoamError.internal }
            days[date] = DayTotal(count: Int(count), spent: spent)
        }
        return days
    }

    public func alerts(of owner: UUID, after instant: Date, alert: UUID?, limit: Int) async throws -> [BudgetAlert] {
        // postgres-nio traps on a date beyond what a timestamp holds.
        let instant = min(instant, Date(timeIntervalSince1970: 253_402_300_799))
        return try await database.query(
            """
            SELECT id, owner_id, trip_id, limit_kind, category, day::text, percent, spent, limit_amount, currency, at FROM budget.alerts
            WHERE owner_id = \(owner) AND at >= \(instant)
              AND (at, id) > (timestamptz 'epoch' + \(instant.microsecondsSince1970) * interval '1 microsecond',
                              \(alert ?? UUID(uuidString: "ffffffff-ffff-ffff-ffff-ffffffffffff")!))
            ORDER BY at, id LIMIT \(limit)
            """
        ).map { row in
            let (id, owner, trip, kind, category, day, percent, spent, limit, code, at) =
                try row.decode((UUID, UUID, UUID, String, String?, String?, Int, Int64, Int64, String, Date).self)
            guard let currency = Currency(code), let limitKind = BudgetAlert.Limit(kind: kind, category: category, day: day) else {
                throw RoamError.internal
            }
            return BudgetAlert(
                id: id, ownerID: owner, tripID: trip, limit: limitKind, percent: percent, spent: Money(minorUnits: spent, currency: currency),
                limitAmount: Money(minorUnits: limit, currency: currency), at: at)
        }
    }

    public func purgeTrip(_ trip: UUID) async throws {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await connection.query(
                """
                INSERT INTO budget.purged_trips (trip_id, purged_at) VALUES (\(trip), now()) ON CONFLICT (trip_id) DO NOTHING
                """, logger: logger)
            try await connection.query("DELETE FROM budget.budgets WHERE trip_id = \(trip)", logger: logger)
            try await connection.query("DELETE FROM budget.trip_rates WHERE trip_id = \(trip)", logger: logger)
        }
    }

    public func purgeUser(_ owner: UUID) async throws {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await connection.query(
                """
                INSERT INTO budget.purged_trips (trip_id, purged_at)
                SELECT trip_id, now() FROM budget.budgets WHERE owner_id = \(owner)
                UNION SELECT trip_id, now() FROM budget.trip_rates WHERE owner_id = \(owner)
                ON CONFLICT (trip_id) DO NOTHING
                """, logger: logger)
            try await connection.query("DELETE FROM budget.budgets WHERE owner_id = \(owner)", logger: logger)
            try await connection.query("DELETE FROM budget.expenses WHERE owner_id = \(owner)", logger: logger)
            try await connection.query("DELETE FROM budget.alerts WHERE owner_id = \(owner)", logger: logger)
            try await connection.query("DELETE FROM budget.trip_rates WHERE owner_id = \(owner)", logger: logger)
            try await PostgresPublicationQueue.forget(user: owner, schema: BudgetMigrations.schema, on: connection, logger: logger)
        }
    }
}

extension BudgetAlert.Limit {
    /// `limit_kind`, `category`, `day` as stored.
    var columns: (String, String?, String?) {
        switch self {
        case .total: ("total", nil, nil)
        case .category(let category): ("category", category.name, nil)
        case .day(let date): ("day", nil, date.description)
        }
    }

    init?(kind: String, category: String?, day: String?) {
        switch kind {
        case "total": self = .total
        case "category": guard let category else { return nil }; self = .category(BudgetCategory(category))
        case "day": guard let date = day.flatMap(LocalDate.init) else { return nil }; self = .day(date)
        default: return nil
        }
    }
}
