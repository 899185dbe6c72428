import Foundation
import RoamCore

/// What moderators do with an event: look at it whatever its state, take it down (nobody but its host
/// finds, reads or joins it, and its members stop being active, so its posts and chat close), restore it.
/// A user describing one (to report it) sees only what they may read.
extension EventService {
    public func moderatedEvent(_ id: UUID, caller: Caller) async throws -> Event {
        if case .user(let user) = caller, !user.roles.canModerate { return try await event(id, viewer: user.id).event }
        guard let event = try await events.event(id: id, at: now()) else { throw EventsError.eventNotFound }
        return event
    }

    public func takeDown(event id: UUID, reason: String, by moderator: Moderator) async throws -> Event {
        try await switchTakedown(ofEvent: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(event id: UUID, by moderator: Moderator) async throws -> Event {
        try await switchTakedown(ofEvent: id, to: nil)
    }

    private func switchTakedown(ofEvent id: UUID, to takedown: Takedown?) async throws -> Event {
        try await Takedown.switching(
            to: takedown, read: { try await events.event(id: id, at: now()) }, current: \.takedown,
            write: { try await events.setTakedown(ofEvent: id, $0) }, notFound: EventsError.eventNotFound)
    }
}
