import Foundation
import RoamCore

extension EventNotification {
    /// What reaches `user`'s inbox and phone: an admission from the waitlist, an invitation, a removal
    /// they did not choose, a ban, an event's end. What only an open app needs (members coming and
    /// going, positions, changes), a departure of one's own and what `user` did themselves (ending
    /// their own event) are nil.
    public func publication(for user: UUID) -> Publication? {
        guard userID != user else { return nil }
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
