import Foundation
import Synchronization

/// A member who left an event (for any reason), or an event that ended (no user).
public struct MemberDeparture: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID?
    public var reason: DepartureReason

    public init(eventID: UUID, userID: UUID?, reason: DepartureReason) {
        self.eventID = eventID
        self.userID = userID
        self.reason = reason
    }

    /// The host hears of every departure; everyone in an event hears of its end.
    init?(_ notification: EventNotification) {
        guard let event = notification.eventID else { return nil }
        switch notification.kind {
        case .memberLeft:
            guard let user = notification.userID else { return nil }
            self.init(eventID: event, userID: user, reason: notification.reason ?? .left)
        case .eventEnded:
            self.init(eventID: event, userID: nil, reason: .eventEnded)
        default:
            return nil
        }
    }
}
