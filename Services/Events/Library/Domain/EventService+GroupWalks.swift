import Foundation
import RoamCore

/// Group walks: events with a route, a meeting point and a time, joined by privacy instead of by
/// standing inside a fence; invitations; members who opt in see each other's positions while the walk
/// is live, and nothing of them is kept once it ends (the event and everything in it is deleted).
extension EventService {
    public static let notAGroupWalk = RoamError(.failedPrecondition, reason: "NOT_A_GROUP_WALK", message: "this event is not a group walk")
    public static let notLive = RoamError(
        .failedPrecondition, reason: "WALK_NOT_LIVE",
        message: "positions are shared only while the walk is on, from its start to its end")

    /// Whether the privacy lets the user in: anyone; friends (the host and they follow each other); or
    /// those the host invited.
    func mayJoin(_ walk: GroupWalk, hostedBy host: UUID, eventID: UUID, user: UUID) async throws {
        switch walk.privacy {
        case .everyone:
            return
        case .friends:
            let (theirs, hosts) = (try await graph.relations(of: user), try await graph.relations(of: host))
            guard theirs.following.contains(host), hosts.following.contains(user), !hosts.hidden.contains(user) else {
                throw RoamError(.permissionDenied, reason: "FRIENDS_ONLY", message: "only people the host follows and who follow the host may join")
            }
        case .invited:
            guard try await events.invitation(of: user, to: eventID) != nil else {
                throw RoamError(.permissionDenied, reason: "INVITATION_REQUIRED", message: "only people the host invited may join")
            }
        }
    }

    /// Joining an invited group walk (or its waitlist) accepts the invitation; a join that fails leaves it as it was.
    func acceptInvitation(to event: Event, user: UUID, at time: Date) async throws {
        guard event.groupWalk?.privacy == .invited else { return }
        _ = try await events.respond(to: event.id, user: user, accepted: true, at: time)
    }

    /// The host invites users (by id); each new invitee hears of it. The users newly invited.
    public func invite(_ users: [UUID], to id: UUID, host: UUID) async throws -> [UUID] {
        var validation = Validation()
        validation.require(!users.isEmpty && users.count <= 100, "user_ids", "must name 1 to 100 users")
        try validation.check()
        let time = now()
        guard let event = try await events.event(id: id, at: time), event.hostID == host else { throw EventsError.eventNotFound }
        guard let walk = event.groupWalk else { throw Self.notAGroupWalk }
        let users = users.filter { $0 != host }
        // An invitation the privacy would refuse at the join is refused now, naming who.
        if walk.privacy == .friends {
            var strangers: [UUID] = []
            for user in users {
                do { try await mayJoin(walk, hostedBy: host, eventID: id, user: user) } catch let error as RoamError
                    where error.reason == "FRIENDS_ONLY"
                {
                    strangers.append(user)
                }
            }
            guard strangers.isEmpty else {
                let names = strangers.map(\.lowercasedString).joined(separator: ", ")
                throw RoamError(
                    .failedPrecondition, reason: "FRIENDS_ONLY", message: "a walk among friends: \(names) and you do not follow each other",
                    violations: [.init(field: "user_ids", description: "must be people you follow who follow you; not \(names)")])
            }
        }
        let invitation = EventNotification(kind: .invited, eventID: id, userID: host, at: time)
        let invited = try await events.invite(users, to: id, by: host, at: time, telling: invitation)
        for user in invited { await notifications.publish(invitation, to: user) }
        return invited
    }

    /// The user's invitations to group walks not yet ended, newest first.
    public func invitations(of user: UUID) async throws -> [(invitation: Invitation, event: EventView)] {
        let time = now()
        let found = try await events.invitations(of: user, at: time)
        let roles = try await events.roles(of: user, in: found.map(\.event.id))
        return found.map { ($0.invitation, EventView(event: $0.event, viewerRole: roles[$0.event.id] ?? .none)) }
    }

    /// The invitee's answer: accepting joins the walk (or its waitlist when full); declining leaves it
    /// (nil then).
    public func respond(to id: UUID, user: UUID, accept: Bool) async throws -> JoinOutcome? {
        let time = now()
        guard try await events.event(id: id, at: time) != nil, try await events.invitation(of: user, to: id) != nil else {
            throw EventsError.eventNotFound
        }
        guard accept else {
            _ = try await events.respond(to: id, user: user, accepted: false, at: time)
            if let removal = try await events.remove(eventID: id, userID: user, reason: .left, at: time, telling: nil) {
                try await departed(removal)
            }
            return nil
        }
        return try await join(id, user: user, at: nil, password: "", waitlistIfFull: true)
    }

    /// A member turns sharing of their position with the walk's other sharers on or off.
    public func setSharing(_ on: Bool, eventID id: UUID, user: UUID) async throws -> Bool {
        guard let event = try await events.event(id: id, at: now()) else { throw EventsError.eventNotFound }
        guard event.groupWalk != nil else { throw Self.notAGroupWalk }
        guard try await events.setSharing(on, eventID: id, userID: user) else { throw EventsError.notMember }
        return on
    }

    /// The latest positions of the walk's sharers, for a sharer, while the walk is live.
    public func positions(of id: UUID, reader: UUID) async throws -> [(userID: UUID, position: SharedPosition?)] {
        let time = now()
        guard let event = try await events.event(id: id, at: time) else { throw EventsError.eventNotFound }
        guard event.groupWalk != nil else { throw Self.notAGroupWalk }
        let sharers = try await events.sharers(of: id, since: event.startsAt)
        guard sharers.contains(where: { $0.userID == reader }) else {
            throw RoamError(.permissionDenied, reason: "NOT_SHARING", message: "share your own position on this walk to see the others'")
        }
        guard event.isLive(at: time) else { throw Self.notLive }
        return sharers
    }

    /// For trips: the hosts of the group walks not yet ended that follow the walk and that the user
    /// belongs to. Members may read the walk their group follows while its host may.
    public func groupWalkHosts(following walk: UUID, member user: UUID) async throws -> [UUID] {
        try await events.groupWalkHosts(following: walk, member: user, at: now())
    }

    /// Sends the user's new position to the other sharers of each live group walk they share it on.
    func share(_ position: ReportedPosition, of user: UUID, in walks: [UUID], at time: Date) async throws {
        for id in walks {
            guard let event = try await events.event(id: id, at: time), event.groupWalk != nil, event.isLive(at: time) else { continue }
            let sharers = try await events.sharers(of: id, since: event.startsAt).map(\.userID)
            guard sharers.contains(user) else { continue }
            let notification = EventNotification(kind: .positionShared, eventID: id, userID: user, position: position, at: time)
            await notifications.publish(notification, to: sharers.filter { $0 != user })
        }
    }
}
