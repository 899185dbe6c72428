import Foundation

/// Signs short-lived access tokens for a user's session.
public protocol AccessTokenSigner: Sendable {
    func accessToken(for user: User, sessionID: UUID, issuedAt: Date, expiresAt: Date) async throws -> String
}
