import Foundation
import RoamCore

extension EventNotification {
    /// What reaches `user`'s inbox and phone: an admission from the waitlist, an invitation, a removal
    /// they did not choose, a ban, an event's end. What only an open app needs (members coming and
    /// going, positions, changes) and a departure of one's own are nil.
    public func publication(for user: UUID) -> Publication? {
        switch kind {
        case .admitted, .invited, .banned, .eventEnded: break
        case .removed where reason == .leftFence || reason == .noPosition: break
        default: return nil
        }
        guard let eventID else { return nil }
        var data = ["eventId": eventID.lowercasedString]
        if let reason { data["reason"] = reason.rawValue }
        if kind == .invited, let userID { data["hostId"] = userID.lowercasedString }
        return Publication(
            userID: user, kind: kind.rawValue, key: "\(kind.rawValue):\(eventID.lowercasedString):\(at.microsecondsSince1970)", data: data,
            threadID: "event:\(eventID.lowercasedString)", at: at)
    }
}
