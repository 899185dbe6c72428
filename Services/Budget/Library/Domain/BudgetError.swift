import Foundation
import RoamCore

/// The budget service's own refusals.
public enum BudgetError {
    /// No rate for `currency` on `date` or the business days before it: never a silent 1:1.
    public static func rateUnavailable(_ currency: Currency, to budgetCurrency: Currency, on date: LocalDate) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "RATE_UNAVAILABLE",
            message: "no \(currency)→\(budgetCurrency) rate for \(date) or the \(RateLookup.lookbackDays) days before it; "
                + "set one for the trip or ask your operator to import reference rates",
            violations: [.init(field: "currency", description: "no rate for \(currency) on \(date)")])
    }

    /// The category is neither a preset nor one of the owner's own.
    public static func unknownCategory(_ category: String) -> RoamError {
        RoamError.invalidField("category", "\"\(category)\" is not a category of this budget")
    }
}
