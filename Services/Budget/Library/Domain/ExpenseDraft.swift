import Foundation
import RoamCore

/// An expense as a client writes it: the amount as a decimal string in any currency.
public struct ExpenseDraft: Sendable {
    public var amount: String
    public var currency: String
    public var spentAt: Date?
    public var category: String
    public var note: String
    public var placeID: String
    public var pinID: String

    public static let maxNoteLength = 500

    public init(amount: String, currency: String, spentAt: Date?, category: String, note: String, placeID: String, pinID: String) {
        self.amount = amount
        self.currency = currency
        self.spentAt = spentAt
        self.category = category
        self.note = note
        self.placeID = placeID
        self.pinID = pinID
    }

    /// The details, or every broken rule at once, each named by field. The category must be the budget's.
    public func validated(categories: [BudgetCategory]) throws(RoamError) -> ExpenseDetails {
        var validation = Validation()
        let currency = Currency(currency)
        validation.require(currency != nil, "currency", "must be an ISO 4217 code of a currency in use, such as EUR")
        var money: Money?
        if let currency {
            do { money = try Money.parse(amount, in: currency, field: "amount") } catch {
                validation.fail("amount", error.violations.first?.description ?? error.message)
            }
        }
        validation.require(spentAt != nil, "spent_at", "is required")
        if let spentAt { Self.checkInstant(spentAt, into: &validation) }
        let category = BudgetCategory(category)
        validation.require(categories.contains(category), "category", "must be one of: \(categories.map(\.name).joined(separator: ", "))")
        Self.checkNote(note, into: &validation)
        let place = Self.optionalID(placeID, "place_id", into: &validation), pin = Self.optionalID(pinID, "pin_id", into: &validation)
        validation.require(place == nil || pin == nil, "pin_id", "give a place or a pin, not both")
        try validation.check()
        return ExpenseDetails(amount: money!, spentAt: spentAt!.wholeMicroseconds, category: category, note: note, placeID: place, pinID: pin)
    }

    /// Years 2000–2200: what a trip's expense can be, and far inside what the database stores.
    static let instants = Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 7_258_118_400)

    static func checkInstant(_ instant: Date, into validation: inout Validation) {
        validation.require(instants.contains(instant), "spent_at", "must be between the years 2000 and 2200")
    }

    static func checkNote(_ note: String, into validation: inout Validation) {
        validation.require(note.count <= maxNoteLength, "note", "must be at most \(maxNoteLength) characters")
        validation.requireStorable(note, "note")
    }

    static func optionalID(_ text: String, _ field: String, into validation: inout Validation) -> UUID? {
        guard !text.isEmpty else { return nil }
        let id = UUID(uuidString: text)
        validation.require(id != nil, field, "must be a UUID")
        return id
    }
}
