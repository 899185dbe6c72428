import Foundation

/// The group walks events keeps, as trips needs them: a group walk's members may read the walk it
/// follows while the walk's host may.
public protocol GroupWalkMembership: Sendable {
    /// The hosts of the group walks not yet ended that follow `walk` and that `user` belongs to.
    func hosts(ofGroupWalksFollowing walk: UUID, joinedBy user: UUID) async throws -> [UUID]
}
