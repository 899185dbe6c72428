import Foundation
import RoamCore

/// How a currency's rate for a day is found: the owner's rate for the trip first, then the reference
/// table on that day or the nearest earlier business day it has (within a week, which covers weekends
/// and the longest run of the ECB's holidays).
public enum RateLookup {
    public static let lookbackDays = 7

    /// The rate from `currency` to `budgetCurrency` on `date`, or RATE_UNAVAILABLE.
    /// - Parameters:
    ///   - ownerRates: the trip's own rates, units of the budget's currency per unit.
    ///   - reference: euros' worth per currency from the reference table, each with the date it is of
    ///     (the euro itself needs no entry).
    public static func rate(
        from currency: Currency, to budgetCurrency: Currency, on date: LocalDate, ownerRates: [Currency: Decimal],
        reference: [Currency: (date: LocalDate, perEuro: Decimal)]
    ) throws(RoamError) -> ExchangeRate {
        if currency == budgetCurrency { return .identity }
        if let rate = ownerRates[currency] { return ExchangeRate(rate: rate, source: .owner) }
        func perEuro(_ currency: Currency) -> (date: LocalDate, perEuro: Decimal)? {
            currency.code == "EUR" ? (date, 1) : reference[currency].flatMap { $0.date <= date && $0.date.days(to: date) <= lookbackDays ? $0 : nil }
        }
        guard let from = perEuro(currency), let to = perEuro(budgetCurrency) else {
            throw BudgetError.rateUnavailable(currency, to: budgetCurrency, on: date)
        }
        return ExchangeRate(
            rate: ExchangeRate.cross(fromPerEuro: from.perEuro, toPerEuro: to.perEuro),
            source: .reference(date: min(from.date, to.date)))
    }
}
