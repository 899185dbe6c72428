import Foundation
import RoamCore

/// Lifetimes and limits of the accounts service; the app reads them from its environment.
public struct AccountPolicy: Sendable {
    public var accessTokenLifetime: Duration = .seconds(15 * 60)
    public var refreshTokenLifetime: Duration = .seconds(30 * 86400)
    public var verificationTokenLifetime: Duration = .seconds(48 * 3600)
    public var resetTokenLifetime: Duration = .seconds(3600)
    public var failedLoginLimitPerAccount = 10
    public var failedLoginLimitPerAddress = 30
    public var failedLoginWindow: Duration = .seconds(15 * 60)
    /// Where links in emails point; the app at that address passes the token back to Roam.
    public var emailLinkBase = "http://localhost:8080"
    /// The shortest time between two changes of one user's username.
    public var usernameChangeInterval: Duration = .seconds(30 * 86400)
    /// The terms of service users accept now ("" when the deployment has none).
    public var termsVersion = ""
    /// Whether someone who accepted an older version must accept this one when they next sign in.
    public var termsRequiredAtSignIn = true
    /// How recent a session must be to delete an account that has no password to confirm it with.
    public var recentSignIn: Duration = .seconds(10 * 60)

    public init() {}
}
