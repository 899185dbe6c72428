import Foundation
import RoamCore

/// What moderators do with activities: look at one whatever its state, take it down (out of search,
/// trending and favourites for everyone but its author), restore it.
extension ActivityService {
    public func moderatedActivity(_ id: UUID, caller: Caller) async throws -> Activity {
        if case .user(let user) = caller, !user.roles.canModerate { return try await visible(id, for: user.id) }
        guard let activity = try await activities.activity(id) else { throw Self.notFound }
        return activity
    }

    public func takeDown(activity id: UUID, reason: String, by moderator: Moderator) async throws -> Activity {
        try await switchTakedown(ofActivity: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(activity id: UUID, by moderator: Moderator) async throws -> Activity {
        try await switchTakedown(ofActivity: id, to: nil)
    }

    private func switchTakedown(ofActivity id: UUID, to takedown: Takedown?) async throws -> Activity {
        try await Takedown.switching(
            to: takedown, read: { try await activities.activity(id) }, current: \.takedown,
            write: { try await activities.setTakedown(ofActivity: id, $0) }, notFound: Self.notFound)
    }
}
