import RoamCore

/// The accounts service's own failures, each with its stable reason.
public enum AccountsError {
    public static let emailTaken = RoamError.alreadyExists(
        field: "email", reason: "EMAIL_TAKEN",
        message: "an account with this email already exists")
    public static let usernameTaken = RoamError.alreadyExists(
        field: "username", reason: "USERNAME_TAKEN",
        message: "this username is taken")
    /// One answer for every wrong identifier or password, so log-in cannot probe for accounts.
    public static let invalidCredentials = RoamError(
        .unauthenticated, reason: "INVALID_CREDENTIALS",
        message: "the identifier or password is wrong")
    public static let wrongPassword = RoamError(
        .permissionDenied, reason: "INVALID_CREDENTIALS",
        message: "the password is wrong",
        violations: [.init(field: "password", description: "is wrong")])
    public static let invalidRefreshToken = RoamError(
        .unauthenticated, reason: "SESSION_REVOKED",
        message: "the refresh token is not valid; log in again")
    public static let refreshTokenReused = RoamError(
        .unauthenticated, reason: "REFRESH_TOKEN_REUSED",
        message: "this refresh token was already used; the session has been revoked")
    public static let invalidOneTimeToken = RoamError(
        .invalidArgument, reason: "INVALID_TOKEN",
        message: "the token is unknown, used or expired",
        violations: [.init(field: "token", description: "is unknown, used or expired")])
    public static let identityTaken = RoamError.alreadyExists(
        field: "id_token", reason: "IDENTITY_TAKEN",
        message: "this provider account already signs in to another Roam account")
    public static let providerAlreadyLinked = RoamError.alreadyExists(
        field: "provider", reason: "PROVIDER_ALREADY_LINKED",
        message: "another account at this provider is already linked; unlink it first")
    public static let lastWayToSignIn = RoamError(
        .failedPrecondition, reason: "LAST_SIGN_IN_METHOD",
        message: "this is the account's only way to sign in; set a password or link another provider first")
    /// The provider's verified address belongs to an account whose own address was never verified: linking
    /// them would hand that account to whoever proved the address now, or keep out its real owner.
    public static let emailInUseUnverified = RoamError.alreadyExists(
        field: "email", reason: "EMAIL_TAKEN",
        message: "an account with this email exists; sign in to it with its password and link the provider from there")
    public static let invalidIDToken = RoamError(
        .unauthenticated, reason: "INVALID_ID_TOKEN",
        message: "the provider's ID token is not valid",
        violations: [.init(field: "id_token", description: "is not valid")])
    public static let nonceReused = RoamError(
        .unauthenticated, reason: "NONCE_REUSED",
        message: "this ID token's nonce was already used; sign in with the provider again",
        violations: [.init(field: "nonce", description: "was already used")])
    public static let unknownProvider = RoamError.invalidField("provider", "is not a provider this server accepts")
    public static let recentSignInRequired = RoamError(
        .permissionDenied, reason: "RECENT_SIGN_IN_REQUIRED",
        message: "sign in again (an account without a password confirms this with a fresh sign-in)")
    /// Told only to whoever proved they own the account (the right password, a live refresh token).
    public static func accountSuspended(_ suspension: Suspension) -> RoamError {
        let end = suspension.until.map { "until \(RFC3339.string(from: $0))" } ?? "until a moderator lifts it"
        return RoamError(
            .permissionDenied, reason: "ACCOUNT_SUSPENDED", message: "this account is suspended \(end): \(suspension.reason)",
            suspendedUntil: suspension.until)
    }
    public static let userNotFound = RoamError.notFound("user")
    public static let sessionNotFound = RoamError.notFound("session")
    public static let cannotFollowSelf = RoamError.invalidField("username", "you cannot follow or block yourself")
}
