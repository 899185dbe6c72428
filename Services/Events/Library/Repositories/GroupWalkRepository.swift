import Foundation

/// What group walks keep beside their event: invitations, and which members share their position.
/// Both go with the event when it ends.
public protocol GroupWalkRepository: Sendable {
    /// Invites the users to the event, each once; the users newly invited, who are told `notice`.
    func invite(_ users: [UUID], to eventID: UUID, by host: UUID, at time: Date, telling notice: EventNotification?) async throws -> [UUID]
    func invitation(of user: UUID, to eventID: UUID) async throws -> Invitation?
    /// Records the invitee's answer (again changes it); nil when they were not invited.
    func respond(to eventID: UUID, user: UUID, accepted: Bool, at time: Date) async throws -> Invitation?
    /// The user's invitations to events not ended at `time`, newest first, with their events.
    func invitations(of user: UUID, at time: Date) async throws -> [(invitation: Invitation, event: Event)]
    /// Turns sharing of a member's position on or off; false when they are not a member.
    func setSharing(_ on: Bool, eventID: UUID, userID: UUID) async throws -> Bool
    /// The members who share their position, each with the latest one recorded since `since` (nil when
    /// none yet), in joining order.
    func sharers(of eventID: UUID, since: Date) async throws -> [(userID: UUID, position: SharedPosition?)]
    /// The hosts of the group walks not ended at `time` that follow `walkID` and that `user` belongs to
    /// (as host or member), one per walk.
    func groupWalkHosts(following walkID: UUID, member user: UUID, at time: Date) async throws -> [UUID]
}

extension GroupWalkRepository {
    public func invite(_ users: [UUID], to eventID: UUID, by host: UUID, at time: Date) async throws -> [UUID] {
        try await invite(users, to: eventID, by: host, at: time, telling: nil)
    }
}
