import Foundation
import RoamCore

/// An edit of an expense: each field given replaces the one stored.
public struct ExpenseChanges: Sendable {
    public var amount: String?
    public var currency: String?
    public var spentAt: Date?
    public var category: String?
    public var note: String?
    /// An empty string removes the place or pin.
    public var placeID: String?
    public var pinID: String?

    public init(amount: String?, currency: String?, spentAt: Date?, category: String?, note: String?, placeID: String?, pinID: String?) {
        self.amount = amount
        self.currency = currency
        self.spentAt = spentAt
        self.category = category
        self.note = note
        self.placeID = placeID
        self.pinID = pinID
    }

    /// `details` with these changes, checked as a new expense would be.
    public func applied(to details: ExpenseDetails, categories: [BudgetCategory]) throws(RoamError) -> ExpenseDetails {
        let currencyCode = currency ?? details.amount.currency.code
        // An amount kept while the currency changes is re-read in the new currency's decimals.
        let draft = ExpenseDraft(
            amount: amount ?? details.amount.description, currency: currencyCode, spentAt: spentAt ?? details.spentAt,
            category: category ?? details.category.name, note: note ?? details.note,
            placeID: placeID ?? details.placeID?.lowercasedString ?? "",
            pinID: pinID ?? details.pinID?.lowercasedString ?? "")
        // A category the plan no longer has may stay on the expense it is on.
        return try draft.validated(categories: category == nil ? categories + [details.category] : categories)
    }

    /// Whether the money changes, so the expense must be converted again.
    public func convertsAgain(_ before: ExpenseDetails, _ after: ExpenseDetails) -> Bool {
        before.amount != after.amount || before.spentAt != after.spentAt
    }
}
