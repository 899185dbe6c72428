import Foundation
import RoamCore

@testable import Budget

extension ExpenseChanges {
    /// What a test leaves out, as a client would leave it out: `ExpenseChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        amount: String? = nil, currency: String? = nil, spentAt: Date? = nil, category: String? = nil, note: String? = nil, placeID: String? = nil,
        pinID: String? = nil
    ) -> Self {
        Self(amount: amount, currency: currency, spentAt: spentAt, category: category, note: note, placeID: placeID, pinID: pinID)
    }
}
