import Foundation
import RoamCore
import Synchronization

@testable import Moderation

/// Accounts' suspensions and roles in memory.
final class FakeAccountActions: AccountActions {
    private let suspended = Mutex<[String: String]>([:])
    private let roles = Mutex<[String: Set<Role>]>([:])

    func isSuspended(_ user: UUID) -> Bool { suspended.withLock { $0[user.lowercasedString] != nil } }

    func suspend(_ user: String, until: Date?, reason: String, actor: String) async throws -> AccountActionOutcome {
        let before = suspended.withLock { $0.updateValue(reason, forKey: user) }
        return outcome(user, before: before.map { "{\"suspended\":\"\($0)\"}" } ?? "{}", after: "{\"suspended\":\"\(reason)\"}", actor: actor)
    }

    func liftSuspension(_ user: String, actor: String) async throws -> AccountActionOutcome {
        let before = suspended.withLock { $0.removeValue(forKey: user) }
        return outcome(user, before: before.map { "{\"suspended\":\"\($0)\"}" } ?? "{}", after: "{}", actor: actor)
    }

    func setRole(_ role: Role, granted: Bool, on user: String, actor: String) async throws -> AccountActionOutcome {
        let (before, after) = roles.withLock { roles in
            let before = roles[user] ?? []
            if granted { roles[user, default: []].insert(role) } else { roles[user]?.remove(role) }
            return (before, roles[user] ?? [])
        }
        return outcome(user, before: "\(before.map(\.rawValue).sorted())", after: "\(after.map(\.rawValue).sorted())", actor: actor)
    }

    private func outcome(_ user: String, before: String, after: String, actor: String) -> AccountActionOutcome {
        AccountActionOutcome(userID: UUID(uuidString: user) ?? UUID(), before: before, after: after, sessionsEnded: 0, actor: actor)
    }
}
