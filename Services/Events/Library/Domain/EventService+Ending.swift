import Foundation
import RoamCore

extension EventService {
    /// Deletes an event and everything in it, records `EventEnded` for the other services, and
    /// tells everyone who was in it (the inbox and phone of whoever ended it, if anyone did, excepted).
    func end(_ id: UUID, by user: UUID? = nil) async throws {
        let time = now()
        let notification = EventNotification(kind: .eventEnded, eventID: id, userID: user, reason: .eventEnded, at: time)
        guard let ended = try await events.purge(eventID: id, at: time, telling: notification) else { return }
        for user in ended.everyone { await notifications.publish(notification, to: user) }
    }

    /// Forgets a deleted account: the events it hosts end as any event ends (their posts and media go
    /// with them), it leaves every other event (its place goes to the waitlist), and the rest of what
    /// it left here (positions, waitlist places, invitations, reports, bans) goes. Safe to repeat.
    public func forget(user: UUID) async throws {
        for id in try await events.hostedEventIDs(of: user) { try await end(id, by: user) }
        let time = now()
        for (event, role) in try await events.eventsOf(userID: user, at: time) where role == .member {
            if let removal = try await events.remove(eventID: event.id, userID: user, reason: .left, at: time, telling: nil) {
                try await departed(removal)
            }
        }
        try await events.forget(userID: user)
    }

    /// Ends every event whose time is up. Returns how many it ended.
    public func endExpiredEvents(limit: Int = 100) async throws -> Int {
        let ids = try await events.endedEventIDs(at: now(), limit: limit)
        for id in ids { try await end(id) }
        return ids.count
    }
}
