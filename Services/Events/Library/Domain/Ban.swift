import Foundation

public struct Ban: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    /// nil when reports reached the threshold.
    public var bannedBy: UUID?
    public var createdAt: Date

    public init(eventID: UUID, userID: UUID, bannedBy: UUID?, createdAt: Date) {
        self.eventID = eventID
        self.userID = userID
        self.bannedBy = bannedBy
        self.createdAt = createdAt
    }
}
