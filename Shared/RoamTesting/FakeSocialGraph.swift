import Foundation
import RoamCore
import Synchronization

/// Follows and blocks as a test sets them.
public final class FakeSocialGraph: SocialGraph {
    public init() {}

    private let state = Mutex<(follows: Set<[UUID]>, blocks: Set<[UUID]>, asked: Int)>(([], [], 0))

    public func follow(_ follower: UUID, _ followee: UUID) { state.withLock { _ = $0.follows.insert([follower, followee]) } }
    public func unfollow(_ follower: UUID, _ followee: UUID) { state.withLock { _ = $0.follows.remove([follower, followee]) } }
    public func block(_ blocker: UUID, _ blocked: UUID) { state.withLock { _ = $0.blocks.insert([blocker, blocked]) } }
    public var asked: Int { state.withLock { $0.asked } }

    public func relations(of user: UUID) async throws -> Relations {
        state.withLock { state in
            state.asked += 1
            return Relations(
                following: Set(state.follows.filter { $0[0] == user }.map { $0[1] }),
                hidden: Set(state.blocks.compactMap { $0[0] == user ? $0[1] : $0[1] == user ? $0[0] : nil }))
        }
    }
}
