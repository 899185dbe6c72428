import Foundation
import RoamCore

extension BudgetAlert {
    /// The alert as the notifications service files it for the owner: what the app needs to open the
    /// trip's budget, threaded per trip, quiet hours read in the trip's zone.
    public func publication(in zone: TripZone) -> Publication {
        var data = [
            "tripId": tripID.lowercasedString, "alertId": id.lowercasedString, "percent": "\(percent)",
            "spent": spent.description, "limit": limitAmount.description, "currency": spent.currency.code,
        ]
        switch limit {
        case .total: data["limitKind"] = "total"
        case .category(let category):
            data["limitKind"] = "category"
            data["category"] = category.name
        case .day(let date):
            data["limitKind"] = "day"
            data["day"] = date.description
        }
        return Publication(
            userID: ownerID, kind: "budget_alert", key: "budget_alert:\(id.lowercasedString)", data: data,
            threadID: "trip:\(tripID.lowercasedString)",
            at: at, timeZone: zone.identifier)
    }
}
