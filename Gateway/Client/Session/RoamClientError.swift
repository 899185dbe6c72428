/// What the client itself reports, beside the operations' documented answers.
public enum RoamClientError: Error, Equatable, Sendable {
    /// The session ended (its refresh token was refused: logged out elsewhere, revoked, reused, expired,
    /// or the account deleted): sign in again. `reason` is the gateway's (`SESSION_REVOKED`, …).
    case signedOut(reason: String)
    /// The tokens could not be refreshed for now (the gateway busy or unreachable behind it); the
    /// session is kept and the refresh tried again on the next call.
    case refreshFailed(status: Int, reason: String?)
    /// The gateway could not be reached, so the create was kept in the session's `pendingWrites` to be
    /// sent, exactly once, when it answers again; `PendingWrites.events()` says when it lands.
    case queued(PendingWrite.ID)
    /// A link to download that is not an absolute URL.
    case invalidLink(String)
    /// What a resumable upload stored is not the file (its SHA-256 differs); the item was deleted.
    case uploadDamaged(mediaID: String)
}
