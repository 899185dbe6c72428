import Foundation

/// One member of an event (the host included) and where they were last seen.
public struct Member: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var role: Role
    public var joinedAt: Date
    public var lastSeenAt: Date
    public var lastPosition: ReportedPosition?
}
