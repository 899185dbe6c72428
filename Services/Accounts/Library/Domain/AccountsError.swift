import RoamCore

/// The accounts service's own failures, each with its stable reason.
public enum AccountsError {
    public static let emailTaken = RoamError.alreadyExists(field: "email", reason: "EMAIL_TAKEN",
                                                           message: "an account with this email already exists")
    public static let usernameTaken = RoamError.alreadyExists(field: "username", reason: "USERNAME_TAKEN",
                                                              message: "this username is taken")
    /// One answer for every wrong identifier or password, so log-in cannot probe for accounts.
    public static let invalidCredentials = RoamError(.unauthenticated, reason: "INVALID_CREDENTIALS",
                                                     message: "the identifier or password is wrong")
    public static let wrongPassword = RoamError(.permissionDenied, reason: "INVALID_CREDENTIALS",
                                                message: "the password is wrong",
                                                violations: [.init(field: "password", description: "is wrong")])
    public static let invalidRefreshToken = RoamError(.unauthenticated, reason: "SESSION_REVOKED",
                                                      message: "the refresh token is not valid; log in again")
    public static let refreshTokenReused = RoamError(.unauthenticated, reason: "REFRESH_TOKEN_REUSED",
                                                     message: "this refresh token was already used; the session has been revoked")
    public static let invalidOneTimeToken = RoamError(.invalidArgument, reason: "INVALID_TOKEN",
                                                      message: "the token is unknown, used or expired",
                                                      violations: [.init(field: "token", description: "is unknown, used or expired")])
    public static let userNotFound = RoamError.notFound("user")
    public static let sessionNotFound = RoamError.notFound("session")
    public static let cannotFollowSelf = RoamError.invalidField("username", "you cannot follow or block yourself")
}
