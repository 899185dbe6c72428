import Foundation
import RoamCore

/// What the accounts service does to accounts for moderators, acting for the current caller (accounts
/// checks their role again).
public protocol AccountActions: Sendable {
    func suspend(_ user: String, until: Date?, reason: String, actor: String) async throws -> AccountActionOutcome
    func liftSuspension(_ user: String, actor: String) async throws -> AccountActionOutcome
    func setRole(_ role: Role, granted: Bool, on user: String, actor: String) async throws -> AccountActionOutcome
}
