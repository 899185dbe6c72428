import Foundation

public struct AuthenticatedUser: Sendable, Equatable {
    public var id: UUID
    /// The session the token was issued for; its refresh token can end it.
    public var sessionID: UUID?
    public var emailVerified: Bool

    public init(id: UUID, sessionID: UUID?, emailVerified: Bool) {
        self.id = id
        self.sessionID = sessionID
        self.emailVerified = emailVerified
    }
}
