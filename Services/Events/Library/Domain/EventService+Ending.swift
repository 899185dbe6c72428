import Foundation
import RoamCore

extension EventService {
    /// Deletes an event and everything in it, records `EventEnded` for the other services, and
    /// tells everyone who was in it.
    func end(_ id: UUID) async throws {
        let time = now()
        guard let ended = try await events.purge(eventID: id, at: time) else { return }
        let notification = EventNotification(kind: .eventEnded, eventID: id, reason: .eventEnded, at: time)
        for user in Set(ended.formerMembers + ended.formerWaitlist + [ended.hostID]) {
            await notifications.publish(notification, to: user)
        }
    }

    /// Ends every event whose time is up. Returns how many it ended.
    public func endExpiredEvents(limit: Int = 100) async throws -> Int {
        let ids = try await events.endedEventIDs(at: now(), limit: limit)
        for id in ids { try await end(id) }
        return ids.count
    }
}
