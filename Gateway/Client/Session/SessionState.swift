/// Where a session stands, as `RoamSession.states()` reports it.
public enum SessionState: Sendable, Hashable {
    /// Tokens are kept for this account (the subject of its access token).
    case signedIn(userID: String)
    /// The access token is being refreshed; calls wait for it.
    case refreshing(userID: String)
    /// No tokens: never signed in (`reason` nil), logged out by the app (`LOGGED_OUT`), or ended by the
    /// gateway with its reason (`SESSION_REVOKED`, `ACCOUNT_DELETED`, a refresh token used twice…).
    case signedOut(reason: String?)

    /// The reason the app logged out itself.
    public static let loggedOut = "LOGGED_OUT"

    public var userID: String? {
        switch self {
        case .signedIn(let user), .refreshing(let user): user
        case .signedOut: nil
        }
    }
}
