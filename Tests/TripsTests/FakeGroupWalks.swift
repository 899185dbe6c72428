import Foundation
import Synchronization

@testable import Trips

/// Group walks as a test sets them: which users belong to a group walk that follows which walk, and
/// who hosts it.
final class FakeGroupWalks: GroupWalkMembership {
    private let state = Mutex<(groups: [(walk: UUID, host: UUID, members: Set<UUID>)], asked: Int)>(([], 0))

    func add(following walk: UUID, host: UUID, members: Set<UUID>) { state.withLock { $0.groups.append((walk, host, members.union([host]))) } }
    func end() { state.withLock { $0.groups.removeAll() } }
    var asked: Int { state.withLock { $0.asked } }

    func hosts(ofGroupWalksFollowing walk: UUID, joinedBy user: UUID) async throws -> [UUID] {
        state.withLock { state in
            state.asked += 1
            return state.groups.filter { $0.walk == walk && $0.members.contains(user) }.map(\.host)
        }
    }
}
