import Foundation
import RoamCore

extension EventService {
    /// Records where the caller is and removes them from every event whose fence they have left.
    /// Hosts are never removed from their own events.
    public func reportPosition(_ position: ReportedPosition, user: UUID) async throws -> PresenceUpdate {
        var validation = Validation()
        position.validate("position", into: &validation)
        try validation.check()
        let time = now()
        try await events.recordPosition(userID: user, position: position, at: time)
        var left: [Departure] = []
        var memberOf: [UUID] = []
        var walks: [UUID] = []
        for presence in try await events.presences(of: user, at: time) {
            let eventID = presence.member.eventID
            if presence.isGroupWalk { walks.append(eventID) }
            // A group walk's members walk away from its meeting point: no fence holds them.
            guard presence.member.role != .host, !presence.isGroupWalk, presence.fence.hasLeft(position) else {
                memberOf.append(eventID)
                continue
            }
            let notice = EventNotification(kind: .removed, eventID: eventID, reason: .leftFence, at: time)
            if let removal = try await events.remove(eventID: eventID, userID: user, reason: .leftFence, at: time, telling: notice) {
                left.append(Departure(eventID: eventID, reason: .leftFence))
                try await departed(removal)
            }
        }
        try await share(position, of: user, in: walks, at: time)
        // A new position may let the caller in from a waitlist.
        var admitted: [UUID] = []
        for (event, role) in try await events.eventsOf(userID: user, at: time) where role == .waitlisted {
            if try await fillFreePlaces(of: event.id).contains(user) { admitted.append(event.id) }
        }
        return PresenceUpdate(left: left, admitted: admitted, memberOf: memberOf + admitted)
    }

    /// Removes members who have not reported a position within the presence timeout. Returns how
    /// many were removed.
    public func removeSilentMembers(limit: Int = 500) async throws -> Int {
        let time = now()
        let cutoff = time.adding(.zero - policy.presenceTimeout)
        var removed = 0
        for member in try await events.staleMembers(lastSeenBefore: cutoff, at: time, limit: limit) {
            let notice = EventNotification(kind: .removed, eventID: member.eventID, reason: .noPosition, at: time)
            if let removal = try await events.remove(
                eventID: member.eventID, userID: member.userID, reason: .noPosition, at: time, telling: notice)
            {
                removed += 1
                try await departed(removal)
            }
        }
        return removed
    }
}
