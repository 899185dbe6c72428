import Foundation

public struct AuthenticatedUser: Sendable, Equatable {
    public var id: UUID
    /// The session the token was issued for; its refresh token can end it.
    public var sessionID: UUID?
    public var emailVerified: Bool
    /// The roles the token carries (taking one away ends the account's sessions, so no token outlives it).
    public var roles: Set<Role>

    public init(id: UUID, sessionID: UUID?, emailVerified: Bool, roles: Set<Role> = []) {
        self.id = id
        self.sessionID = sessionID
        self.emailVerified = emailVerified
        self.roles = roles
    }
}
