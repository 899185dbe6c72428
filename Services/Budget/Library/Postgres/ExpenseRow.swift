import Foundation
import PostgresNIO
import RoamCore

/// An expense row as `PostgresBudgetStore.expenseColumns` lists it, each cell decoded here once: the
/// one place a column added to expenses is read, whether or not the budget's currency follows.
struct ExpenseRow {
    let id: UUID
    let tripID: UUID
    let ownerID: UUID
    let amount: Int64
    let currency: String
    let converted: Int64
    let rate: String
    let rateSource: String
    let rateDate: String?
    let spentAt: Date
    let category: String
    let note: String
    let placeID: UUID?
    let pinID: UUID?
    let createdAt: Date
    let updatedAt: Date
    /// The budget's currency, when the read joined the budget (`PostgresBudgetStore.joinedColumns`).
    let budgetCurrency: String?

    init(_ row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        id = try cells[0].decode(UUID.self)
        tripID = try cells[1].decode(UUID.self)
        ownerID = try cells[2].decode(UUID.self)
        amount = try cells[3].decode(Int64.self)
        currency = try cells[4].decode(String.self)
        converted = try cells[5].decode(Int64.self)
        rate = try cells[6].decode(String.self)
        rateSource = try cells[7].decode(String.self)
        rateDate = try cells[8].decode(String?.self)
        spentAt = try cells[9].decode(Date.self)
        category = try cells[10].decode(String.self)
        note = try cells[11].decode(String.self)
        placeID = try cells[12].decode(UUID?.self)
        pinID = try cells[13].decode(UUID?.self)
        createdAt = try cells[14].decode(Date.self)
        updatedAt = try cells[15].decode(Date.self)
        budgetCurrency = cells.count > 16 ? try cells[16].decode(String.self) : nil
    }

    /// The expense, converted in the budget's currency: `known`, or the one read with the row.
    func expense(budgetCurrency known: Currency?) throws -> Expense {
        guard let budget = known ?? budgetCurrency.flatMap(Currency.init), let currency = Currency(currency),
            let rate = Decimal(string: rate, locale: Locale(identifier: "en_US_POSIX"))
        else { throw RoamError.internal }
        let source: ExchangeRate.Source
        switch rateSource {
        case "owner": source = .owner
        case "reference":
            guard let date = rateDate.flatMap(LocalDate.init) else { throw RoamError.internal }
            source = .reference(date: date)
        default: source = .sameCurrency
        }
        return Expense(
            id: id, tripID: tripID, ownerID: ownerID,
            details: ExpenseDetails(
                amount: Money(minorUnits: amount, currency: currency), spentAt: spentAt, category: BudgetCategory(category), note: note,
                placeID: placeID, pinID: pinID),
            converted: Money(minorUnits: converted, currency: budget), rate: ExchangeRate(rate: rate, source: source),
            createdAt: createdAt, updatedAt: updatedAt)
    }
}
