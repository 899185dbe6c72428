import Foundation

/// A session ended, or (without a session) an account deleted: the access tokens it covers must be
/// refused everywhere from now on. Positions only grow, in the order the revocations committed.
public struct Revocation: Sendable, Equatable {
    public var position: Int64
    public var userID: UUID
    /// Nil when the whole account was deleted.
    public var sessionID: UUID?
    public var revokedAt: Date

    public init(position: Int64, userID: UUID, sessionID: UUID?, revokedAt: Date) {
        self.position = position
        self.userID = userID
        self.sessionID = sessionID
        self.revokedAt = revokedAt
    }
}
