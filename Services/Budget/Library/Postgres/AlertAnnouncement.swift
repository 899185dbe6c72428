import Foundation
import RoamCore

/// A budget alert as announced on `budget_alerts`: what every replica's listener hands to the owner's streams.
struct AlertAnnouncement: Codable {
    var id: UUID
    var owner: UUID
    var trip: UUID
    var kind: String
    var category: String?
    var day: String?
    var percent: Int
    var spent: Int64
    var limit: Int64
    var currency: String
    /// Microseconds since 1970.
    var at: Int64

    init(_ alert: BudgetAlert) {
        let (kind, category, day) = alert.limit.columns
        self.init(
            id: alert.id, owner: alert.ownerID, trip: alert.tripID, kind: kind, category: category, day: day, percent: alert.percent,
            spent: alert.spent.minorUnits, limit: alert.limitAmount.minorUnits, currency: alert.spent.currency.code,
            at: Int64((alert.at.timeIntervalSince1970 * 1_000_000).rounded()))
    }

    init(
        id: UUID, owner: UUID, trip: UUID, kind: String, category: String?, day: String?, percent: Int, spent: Int64, limit: Int64,
        currency: String, at: Int64
    ) {
        (self.id, self.owner, self.trip, self.kind, self.category, self.day) = (id, owner, trip, kind, category, day)
        (self.percent, self.spent, self.limit, self.currency, self.at) = (percent, spent, limit, currency, at)
    }

    var json: String {
        get throws { String(decoding: try JSONEncoder().encode(self), as: UTF8.self) }
    }

    var alert: BudgetAlert? {
        guard let currency = Currency(currency), let limitKind = BudgetAlert.Limit(kind: kind, category: category, day: day) else { return nil }
        return BudgetAlert(
            id: id, ownerID: owner, tripID: trip, limit: limitKind, percent: percent, spent: Money(minorUnits: spent, currency: currency),
            limitAmount: Money(minorUnits: limit, currency: currency), at: Date(timeIntervalSince1970: Double(at) / 1_000_000))
    }
}
