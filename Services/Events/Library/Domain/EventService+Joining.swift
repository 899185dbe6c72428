import Foundation
import RoamCore

extension EventService {
    /// Joins the event from where the caller stands. See `EventsService.JoinEvent` for the rules. A group
    /// walk needs no position and no fence: its privacy says who may join, from before it starts.
    public func join(
        _ id: UUID, user: UUID, at position: ReportedPosition?, password: String,
        waitlistIfFull: Bool
    ) async throws -> JoinOutcome {
        var validation = Validation()
        position?.validate("position", into: &validation)
        try validation.check()
        let time = now()
        guard let event = try await events.event(id: id, at: time), shows(event, to: user) else { throw EventsError.eventNotFound }
        let role = try await events.roles(of: user, in: [id])[id] ?? .none
        switch role {
        case .banned: throw EventsError.banned
        case .member, .host: return .alreadyMember(event)
        case .none, .waitlisted: break
        }
        let stored: ReportedPosition
        if let walk = event.groupWalk {
            try await mayJoin(walk, hostedBy: event.hostID, eventID: id, user: user)
            // Where the member is, when they said; else the meeting point, which is never shared (sharing
            // starts with positions reported after it is turned on).
            stored = position ?? ReportedPosition(point: event.fence.center, accuracyMeters: 0)
        } else {
            guard let given = position else { throw RoamError.invalidField("position", "is required") }
            guard event.isLive(at: time) else { throw EventsError.notStarted }
            guard given.accuracyMeters <= policy.maxAccuracyMeters else { throw EventsError.tooInaccurate(limit: policy.maxAccuracyMeters) }
            guard event.fence.admits(given) else { throw EventsError.outsideFence }
            if event.visibility == .private {
                try await checkPassword(password, for: event, user: user, at: time)
            }
            stored = given
        }
        switch try await events.admit(eventID: id, userID: user, position: stored, at: time, telling: nil) {
        case .admitted(let event):
            try await acceptInvitation(to: event, user: user, at: time)
            await notifications.publish(EventNotification(kind: .memberJoined, eventID: id, userID: user, at: time), to: event.hostID)
            return .joined(event)
        case .alreadyMember(let event):
            return .alreadyMember(event)
        case .full(let event):
            guard waitlistIfFull else { throw EventsError.full }
            let place = try await events.enqueue(eventID: id, userID: user, position: stored, at: time)
            try await acceptInvitation(to: event, user: user, at: time)
            return .waitlisted(event, position: place)
        case .banned:
            throw EventsError.banned
        case .notFound:
            throw EventsError.eventNotFound
        }
    }

    /// Wrong passwords count per user and event; past the limit, joining waits out the window
    /// whatever the password, so guessing is slow.
    private func checkPassword(_ password: String, for event: Event, user: UUID, at time: Date) async throws {
        let windowStart = time.adding(.zero - policy.passwordFailureWindow)
        let failures = try await events.passwordFailures(eventID: event.id, userID: user, since: windowStart)
        guard failures < policy.passwordFailureLimit else {
            throw RoamError.tooManyAttempts(retryAfter: policy.passwordFailureWindow)
        }
        guard let hash = event.passwordHash, try await hasher.verify(password, against: hash) else {
            try await events.recordPasswordFailure(eventID: event.id, userID: user, at: time)
            throw EventsError.wrongPassword
        }
    }

    /// Leaves the event or its waitlist. The host cannot leave; they delete the event instead.
    public func leave(_ id: UUID, user: UUID) async throws {
        let time = now()
        guard let event = try await events.event(id: id, at: time) else { throw EventsError.eventNotFound }
        guard event.hostID != user else {
            throw RoamError(.failedPrecondition, reason: "HOST_PROTECTED", message: "the host cannot leave; delete the event instead")
        }
        if let removal = try await events.remove(eventID: id, userID: user, reason: .left, at: time, telling: nil) {
            try await departed(removal)
        }
    }

    /// Tells the host and the removed member's open apps (the store queued what reaches their inbox and
    /// phone with the removal), and fills the freed place from the waitlist.
    func departed(_ removal: Removal) async throws {
        let time = now()
        await notifications.publish(
            EventNotification(
                kind: .memberLeft, eventID: removal.eventID, userID: removal.userID,
                reason: removal.reason, at: time), to: removal.hostID)
        if removal.reason != .left {
            let kind: EventNotification.Kind = removal.reason == .banned ? .banned : .removed
            await notifications.publish(
                EventNotification(kind: kind, eventID: removal.eventID, reason: removal.reason, at: time),
                to: removal.userID)
        }
        _ = try await fillFreePlaces(of: removal.eventID)
    }

    /// Admits people from the waitlist, first in line first, while there is room. Someone whose last
    /// known position is no longer inside (or too old) keeps their place but is passed over.
    func fillFreePlaces(of id: UUID) async throws -> [UUID] {
        var admitted: [UUID] = []
        let time = now()
        while let event = try await events.event(id: id, at: time), event.isLive(at: time) || event.groupWalk != nil, event.freePlaces > 0 {
            let freshSince = time.adding(.zero - policy.presenceTimeout)
            // A group walk's waitlist is in order, wherever people are.
            let candidate = try await events.waitlist(eventID: id).first { entry in
                event.groupWalk != nil
                    || (entry.positionAt >= freshSince && entry.lastPosition.accuracyMeters <= policy.maxAccuracyMeters
                        && event.fence.admits(entry.lastPosition))
            }
            guard let candidate else { break }
            let admission = EventNotification(kind: .admitted, eventID: id, at: time)
            switch try await events.admit(
                eventID: id, userID: candidate.userID, position: candidate.lastPosition, at: time, telling: admission)
            {
            case .admitted(let event):
                admitted.append(candidate.userID)
                await notifications.publish(admission, to: candidate.userID)
                await notifications.publish(
                    EventNotification(kind: .memberJoined, eventID: id, userID: candidate.userID, at: time),
                    to: event.hostID)
            case .alreadyMember:
                continue
            case .banned:
                _ = try await events.remove(eventID: id, userID: candidate.userID, reason: .banned, at: time, telling: nil)
            case .full, .notFound:
                return admitted
            }
        }
        return admitted
    }
}
