import Foundation

/// A user who stopped being a member, and who now fills the place they freed.
public struct Removal: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var reason: DepartureReason
    public var hostID: UUID

    public init(eventID: UUID, userID: UUID, reason: DepartureReason, hostID: UUID) {
        self.eventID = eventID
        self.userID = userID
        self.reason = reason
        self.hostID = hostID
    }
}
