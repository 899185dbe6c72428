import Foundation

/// A session ended, or (without a session) an account deleted: the access tokens it covers must be
/// refused everywhere from now on. Or, with `relatedUserID`, no revocation at all but a follow or block
/// between the two users made or taken back: their relations must be asked again. Or, with
/// `suspensionChanged`, the user's suspension was made, changed or lifted. Positions only grow, in the
/// order they committed.
public struct Revocation: Sendable, Equatable {
    public var position: Int64
    public var userID: UUID
    /// Nil when the whole account was deleted.
    public var sessionID: UUID?
    public var revokedAt: Date
    /// The other user of a relation change.
    public var relatedUserID: UUID?
    public var suspensionChanged: Bool

    /// A revocation, not a relation or suspension change.
    public var revokesTokens: Bool { relatedUserID == nil && !suspensionChanged }

    public init(
        position: Int64, userID: UUID, sessionID: UUID?, revokedAt: Date, relatedUserID: UUID? = nil, suspensionChanged: Bool = false
    ) {
        self.position = position
        self.userID = userID
        self.sessionID = sessionID
        self.revokedAt = revokedAt
        self.relatedUserID = relatedUserID
        self.suspensionChanged = suspensionChanged
    }
}
