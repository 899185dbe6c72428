import Foundation

/// What presenting a refresh token turned out to be.
public enum RefreshOutcome: Sendable, Equatable {
    /// The token was current; it is now replaced by the new one.
    case rotated(Session)
    /// The token had already been rotated: someone else may hold it, so its session is now revoked.
    case reused(sessionID: UUID)
    /// Unknown, expired, or its session was revoked.
    case invalid
}
