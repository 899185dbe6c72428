import Foundation
import RoamCore

/// Lifetimes and limits of the accounts service; the app reads them from its environment.
public struct AccountPolicy: Sendable {
    public var accessTokenLifetime: Duration = .seconds(15 * 60)
    public var refreshTokenLifetime: Duration = .seconds(30 * 86400)
    public var verificationTokenLifetime: Duration = .seconds(48 * 3600)
    public var resetTokenLifetime: Duration = .seconds(3600)
    /// How long after an account's deletion the other services are told to purge it: longer than the
    /// revocation feed takes to reach every process plus the longest call they may have let in before.
    public var userPurgeDelay: Duration = .seconds(7)
    /// Failed log-ins on one account from one network (or known device) before each further one doubles the wait.
    public var freeLoginFailures = 5
    /// Failures on one account from anywhere before every attempt on it from an unknown device waits.
    public var failedLoginLimitPerAccount = 10
    /// Failures from one network (an IPv6 /64) on any accounts before every attempt from it waits.
    public var failedLoginLimitPerAddress = 20
    public var failedLoginWindow: Duration = .seconds(15 * 60)
    /// Where links in emails point; the app at that address passes the token back to Roam.
    public var emailLinkBase = "http://localhost:8080"
    /// Mails of one kind (verification, reset, address change) one address gets in an hour at most.
    public var mailsPerHour = 5
    /// Follows, unfollows, blocks and unblocks one user may make in a minute: each is an entry every
    /// replica of every service fetches, written under the feed's one lock, so one user's churn must
    /// not slow everyone's log-outs.
    public var relationChangesPerMinute = 30
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
