import Foundation

/// One member of an event (the host included) and where they were last seen.
public struct Member: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var role: Role
    public var joinedAt: Date
    public var lastSeenAt: Date
    public var lastPosition: ReportedPosition?

    public init(eventID: UUID, userID: UUID, role: Role, joinedAt: Date, lastSeenAt: Date, lastPosition: ReportedPosition?) {
        self.eventID = eventID
        self.userID = userID
        self.role = role
        self.joinedAt = joinedAt
        self.lastSeenAt = lastSeenAt
        self.lastPosition = lastPosition
    }
}
