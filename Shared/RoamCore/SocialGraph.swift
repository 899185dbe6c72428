import Foundation

/// Asks the accounts service who a user follows and who is blocked either way.
public protocol SocialGraph: Sendable {
    func relations(of user: UUID) async throws -> Relations
}
