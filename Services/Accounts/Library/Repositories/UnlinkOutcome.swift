/// What asking to unlink a provider from an account did.
public enum UnlinkOutcome: Sendable, Equatable {
    case unlinked
    case notLinked
    /// Refused: the account has no password and no other provider, so it could not sign in again.
    case lastWayToSignIn
}
