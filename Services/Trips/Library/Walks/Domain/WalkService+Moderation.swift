import Foundation
import RoamCore

/// What moderators do with walks: look at one whatever its state, take it down (out of search and
/// history for everyone but its owner), restore it. A user describing one (to report it) sees only
/// what they may read.
extension WalkService {
    public func moderatedWalk(_ id: UUID, caller: Caller) async throws -> Walk {
        if case .user(let user) = caller, !user.roles.canModerate { return try await readable(id, for: user.id) }
        guard let walk = try await walks.walk(id) else { throw WalkError.notFound }
        return walk
    }

    public func takeDown(walk id: UUID, reason: String, by moderator: Moderator) async throws -> Walk {
        guard let walk = try await walks.walk(id) else { throw WalkError.notFound }
        guard walk.takedown == nil else { return walk }
        guard let down = try await walks.setTakedown(ofWalk: id, Takedown(at: now(), reason: reason, by: moderator.name)) else {
            throw WalkError.notFound
        }
        return down
    }

    public func restore(walk id: UUID, by moderator: Moderator) async throws -> Walk {
        guard let walk = try await walks.walk(id) else { throw WalkError.notFound }
        guard walk.takedown != nil else { return walk }
        guard let restored = try await walks.setTakedown(ofWalk: id, nil) else { throw WalkError.notFound }
        return restored
    }
}
