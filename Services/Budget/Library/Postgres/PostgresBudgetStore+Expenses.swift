import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime

extension PostgresBudgetStore {
    static let expenseColumns = """
        id, trip_id, owner_id, amount, currency, converted, rate::text, rate_source, rate_date::text, spent_at, category, note, place_id, pin_id,
        created_at, updated_at
        """

    /// An expense row as `expenseColumns` lists it, converted in the budget's currency (known to the
    /// caller, or read with the row by `joinedColumns`).
    static func decodeExpense(_ row: PostgresRow, budgetCurrency known: Currency? = nil) throws -> Expense {
        try ExpenseRow(row).expense(budgetCurrency: known)
    }

    /// `expenseColumns` with the budget's currency after them, for reads that join the budget.
    static var joinedColumns: String {
        expenseColumns.split(separator: ",").map { "e.\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }.joined(separator: ", ")
            + ", b.currency"
    }

    static func sourceColumns(_ rate: ExchangeRate) -> (String, String?) {
        switch rate.source {
        case .sameCurrency: ("same_currency", nil)
        case .owner: ("owner", nil)
        case .reference(let date): ("reference", date.description)
        }
    }

    public func add(_ expense: Expense, idempotencyKey: String?, trip: TripFacts, at now: Date) async throws -> ExpenseWrite {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await Self.makeBudget(of: trip, at: now, on: connection, logger: logger)
            let details = expense.details
            let (source, rateDate) = Self.sourceColumns(expense.rate)
            let inserted = try await connection.query(
                """
                INSERT INTO budget.expenses (id, trip_id, owner_id, amount, currency, converted, rate, rate_source, rate_date, spent_at, category, note,
                                             place_id, pin_id, created_at, updated_at, idempotency_key, idempotency_fingerprint)
                VALUES (\(expense.id), \(trip.id), \(expense.ownerID), \(details.amount.minorUnits), \(details.amount.currency.code),
                        \(expense.converted.minorUnits), \(expense.rate.text)::numeric, \(source), \(rateDate)::date, \(details.spentAt),
                        \(details.category.name), \(details.note), \(details.placeID), \(details.pinID), \(expense.createdAt), \(expense.updatedAt),
                        \(idempotencyKey), \(IdempotentRequest.fingerprint))
                ON CONFLICT (owner_id, idempotency_key) DO NOTHING
                RETURNING \(unescaped: Self.expenseColumns)
                """, logger: logger
            ).collect()
            guard let row = inserted.first else {
                // The key was used before: that first expense is the answer.
                guard
                    let first = try await connection.query(
                        """
                        SELECT \(unescaped: Self.joinedColumns) FROM budget.expenses e JOIN budget.budgets b USING (trip_id)
                        WHERE e.owner_id = \(expense.ownerID) AND e.idempotency_key = \(idempotencyKey)
                        """, logger: logger
                    ).collect().first
                else { throw RoamError.internal }
                let replayed = try Self.decodeExpense(first)
                try await connection.checkReplay(of: "budget.expenses", id: replayed.id, logger: logger)
                return ExpenseWrite(expense: replayed, replayed: true, alerts: [])
            }
            // The caller converted the amount into the budget's currency, which never changes.
            let stored = try Self.decodeExpense(row, budgetCurrency: expense.converted.currency)
            let locked = try await Self.count(stored, 1, on: connection, logger: logger)
            let alerts = try await Self.checkAlerts(
                locked, trip: trip, days: AlertCheck.days(touchedBy: nil, stored, in: trip), at: now, on: connection,
                logger: logger)
            return ExpenseWrite(expense: stored, alerts: alerts)
        }
    }

    public func replace(_ expense: Expense, trip: TripFacts, at now: Date) async throws -> ExpenseWrite? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await Self.makeBudget(of: trip, at: now, on: connection, logger: logger)
            let locked = try await Self.lockBudget(of: trip, on: connection, logger: logger)
            let budget = locked.0
            guard
                let beforeRow = try await connection.query(
                    """
                    SELECT \(unescaped: Self.expenseColumns) FROM budget.expenses WHERE id = \(expense.id) AND trip_id = \(trip.id) FOR UPDATE
                    """, logger: logger
                ).collect().first
            else { return nil }
            let before = try Self.decodeExpense(beforeRow, budgetCurrency: budget.currency)
            let details = expense.details
            let (source, rateDate) = Self.sourceColumns(expense.rate)
            guard
                let row = try await connection.query(
                    """
                    UPDATE budget.expenses SET amount = \(details.amount.minorUnits), currency = \(details.amount.currency.code),
                        converted = \(expense.converted.minorUnits), rate = \(expense.rate.text)::numeric, rate_source = \(source),
                        rate_date = \(rateDate)::date, spent_at = \(details.spentAt), category = \(details.category.name), note = \(details.note),
                        place_id = \(details.placeID), pin_id = \(details.pinID), updated_at = \(expense.updatedAt)
                    WHERE id = \(expense.id) AND trip_id = \(trip.id)
                    RETURNING \(unescaped: Self.expenseColumns)
                    """, logger: logger
                ).collect().first
            else { return nil }
            let stored = try Self.decodeExpense(row, budgetCurrency: budget.currency)
            try await Self.count(before, -1, on: connection, logger: logger)
            try await Self.count(stored, 1, on: connection, logger: logger)
            let alerts = try await Self.checkAlerts(
                locked, trip: trip, days: AlertCheck.days(touchedBy: before, stored, in: trip), at: now, on: connection,
                logger: logger)
            return ExpenseWrite(expense: stored, alerts: alerts)
        }
    }

    public func removeExpense(_ id: UUID, trip: TripFacts, at now: Date) async throws -> Bool {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await Self.makeBudget(of: trip, at: now, on: connection, logger: logger)
            let locked = try await Self.lockBudget(of: trip, on: connection, logger: logger)
            let budget = locked.0
            guard
                let row = try await connection.query(
                    """
                    DELETE FROM budget.expenses WHERE id = \(id) AND trip_id = \(trip.id) RETURNING \(unescaped: Self.expenseColumns)
                    """, logger: logger
                ).collect().first
            else { return false }
            let before = try Self.decodeExpense(row, budgetCurrency: budget.currency)
            try await Self.count(before, -1, on: connection, logger: logger)
            _ = try await Self.checkAlerts(
                locked, trip: trip, days: AlertCheck.days(touchedBy: before, nil, in: trip), at: now, on: connection, logger: logger)
            return true
        }
    }

    public func expense(_ id: UUID, trip: UUID) async throws -> Expense? {
        try await database.query(
            """
            SELECT \(unescaped: Self.joinedColumns) FROM budget.expenses e JOIN budget.budgets b USING (trip_id)
            WHERE e.id = \(id) AND e.trip_id = \(trip)
            """
        ).first.map { try Self.decodeExpense($0) }
    }

    public func expenses(of trip: UUID, spentIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Expense> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.joinedColumns) FROM budget.expenses e JOIN budget.budgets b USING (trip_id)
            WHERE e.trip_id = \(trip)
              AND (\(interval == nil) OR (e.spent_at >= \(interval?.lowerBound ?? Date()) AND e.spent_at < \(interval?.upperBound ?? Date())))
              AND (\(after == nil) OR (e.spent_at, e.id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY e.spent_at DESC, e.id DESC LIMIT \(page.size + 1)
            """
        ).map { try Self.decodeExpense($0) }
        return Page(fetched: rows, size: page.size) { TimedCursor(time: $0.details.spentAt, id: $0.id).token }
    }

    public func earliestExpenses(of trip: UUID, spentIn interval: Range<Date>?, limit: Int) async throws -> [Expense] {
        try await database.query(
            """
            SELECT \(unescaped: Self.joinedColumns) FROM budget.expenses e JOIN budget.budgets b USING (trip_id)
            WHERE e.trip_id = \(trip)
              AND (\(interval == nil) OR (e.spent_at >= \(interval?.lowerBound ?? Date()) AND e.spent_at < \(interval?.upperBound ?? Date())))
            ORDER BY e.spent_at, e.id LIMIT \(limit)
            """
        ).map { try Self.decodeExpense($0) }
    }
}
