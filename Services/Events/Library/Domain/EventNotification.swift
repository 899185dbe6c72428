import Foundation
import Synchronization

/// Something that happened to a user's standing with an event, pushed to their open streams.
public struct EventNotification: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case connected
        case removed
        case banned
        case eventChanged = "event_changed"
        case eventEnded = "event_ended"
        case admitted
        case memberJoined = "member_joined"
        case memberLeft = "member_left"
        case invited
        case positionShared = "position_shared"
    }

    public var kind: Kind
    public var eventID: UUID?
    /// The member concerned, in a host's notifications.
    public var userID: UUID?
    public var reason: DepartureReason?
    /// A group walk member's new position, in `positionShared`.
    public var position: ReportedPosition?
    public var at: Date

    public init(kind: Kind, eventID: UUID? = nil, userID: UUID? = nil, reason: DepartureReason? = nil, position: ReportedPosition? = nil, at: Date) {
        self.kind = kind
        self.position = position
        self.eventID = eventID
        self.userID = userID
        self.reason = reason
        self.at = at
    }
}
