import Foundation

/// A host's invitation of a user to a group walk, and the answer.
public struct Invitation: Sendable, Hashable {
    public var eventID: UUID
    public var userID: UUID
    public var invitedBy: UUID
    public var state: InvitationState
    public var invitedAt: Date
    public var respondedAt: Date?

    public init(eventID: UUID, userID: UUID, invitedBy: UUID, state: InvitationState = .pending, invitedAt: Date, respondedAt: Date? = nil) {
        self.eventID = eventID
        self.userID = userID
        self.invitedBy = invitedBy
        self.state = state
        self.invitedAt = invitedAt
        self.respondedAt = respondedAt
    }
}
