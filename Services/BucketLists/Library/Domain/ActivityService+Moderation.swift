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
        guard let activity = try await activities.activity(id) else { throw Self.notFound }
        guard activity.takedown == nil else { return activity }
        guard let down = try await activities.setTakedown(ofActivity: id, Takedown(at: now(), reason: reason, by: moderator.name)) else {
            throw Self.notFound
        }
        return down
    }

    public func restore(activity id: UUID, by moderator: Moderator) async throws -> Activity {
        guard let activity = try await activities.activity(id) else { throw Self.notFound }
        guard activity.takedown != nil else { return activity }
        guard let restored = try await activities.setTakedown(ofActivity: id, nil) else { throw Self.notFound }
        return restored
    }
}
