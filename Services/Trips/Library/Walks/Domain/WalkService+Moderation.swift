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
        try await switchTakedown(ofWalk: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(walk id: UUID, by moderator: Moderator) async throws -> Walk {
        try await switchTakedown(ofWalk: id, to: nil)
    }

    private func switchTakedown(ofWalk id: UUID, to takedown: Takedown?) async throws -> Walk {
        try await Takedown.switching(
            to: takedown, read: { try await walks.walk(id) }, current: \.takedown, write: { try await walks.setTakedown(ofWalk: id, $0) },
            notFound: WalkError.notFound)
    }
}
