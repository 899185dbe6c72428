import Foundation

/// Invitations and position sharing beside the events, in the same actor.
extension InMemoryEventStore: GroupWalkRepository {
    public func invite(
        _ users: [UUID], to eventID: UUID, by host: UUID, at time: Date, telling notice: EventNotification?
    ) async throws -> [UUID] {
        guard events[eventID] != nil else { return [] }
        var invited: [UUID] = []
        for user in users where invitations[eventID]?[user] == nil && !invited.contains(user) {
            invitations[eventID, default: [:]][user] = Invitation(eventID: eventID, userID: user, invitedBy: host, invitedAt: time)
            invited.append(user)
        }
        queue(notice, to: invited, at: time)
        return invited
    }

    public func invitation(of user: UUID, to eventID: UUID) async throws -> Invitation? {
        invitations[eventID]?[user]
    }

    public func respond(to eventID: UUID, user: UUID, accepted: Bool, at time: Date) async throws -> Invitation? {
        guard var invitation = invitations[eventID]?[user] else { return nil }
        invitation.state = accepted ? .accepted : .declined
        invitation.respondedAt = time
        invitations[eventID]?[user] = invitation
        return invitation
    }

    public func invitations(of user: UUID, at time: Date) async throws -> [(invitation: Invitation, event: Event)] {
        invitations.compactMap { eventID, invitees -> (invitation: Invitation, event: Event)? in
            guard let invitation = invitees[user], let event = liveOrUpcoming(eventID, at: time) else { return nil }
            return (invitation, event)
        }.sorted { ($0.invitation.invitedAt, $0.event.id.uuidString) > ($1.invitation.invitedAt, $1.event.id.uuidString) }
    }

    public func groupWalkHosts(following walkID: UUID, member user: UUID, at time: Date) async throws -> [UUID] {
        members.compactMap { eventID, members -> Event? in
            guard members[user] != nil, let event = liveOrUpcoming(eventID, at: time), event.groupWalk?.walkID == walkID else { return nil }
            return event
        }.sorted { $0.id.uuidString < $1.id.uuidString }.map(\.hostID)
    }

    public func setSharing(_ on: Bool, eventID: UUID, userID: UUID) async throws -> Bool {
        guard members[eventID]?[userID] != nil else { return false }
        // Only positions reported from now on are shared.
        if on, sharing[eventID]?.contains(userID) != true { members[eventID]?[userID]?.lastPosition = nil }
        if on { sharing[eventID, default: []].insert(userID) } else { sharing[eventID]?.remove(userID) }
        return true
    }

    public func sharers(of eventID: UUID, since: Date) async throws -> [(userID: UUID, position: SharedPosition?)] {
        let sharing = sharing[eventID] ?? []
        return orderedMembers(eventID).filter { sharing.contains($0.userID) }.map { member in
            let position = member.lastPosition.flatMap { position in
                member.lastSeenAt >= since ? SharedPosition(userID: member.userID, position: position, at: member.lastSeenAt) : nil
            }
            return (member.userID, position)
        }
    }
}
