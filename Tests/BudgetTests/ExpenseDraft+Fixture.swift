import Foundation
import RoamCore

@testable import Budget

extension ExpenseDraft {
    /// What a test leaves out, as a client would leave it out: `ExpenseDraft.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        amount: String, currency: String, spentAt: Date?, category: String, note: String = "", placeID: String = "", pinID: String = ""
    ) -> Self {
        Self(amount: amount, currency: currency, spentAt: spentAt, category: category, note: note, placeID: placeID, pinID: pinID)
    }
}
