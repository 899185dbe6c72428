import Foundation
import RoamRuntime

/// Lifetimes and limits of the accounts service, from the environment.
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

    public init() {}

    public init(environment: Environment) throws(ConfigurationError) {
        accessTokenLifetime = try environment.duration("ACCESS_TOKEN_TTL", default: accessTokenLifetime)
        refreshTokenLifetime = try environment.duration("REFRESH_TOKEN_TTL", default: refreshTokenLifetime)
        failedLoginLimitPerAccount = try environment.int("LOGIN_FAILURE_LIMIT", default: failedLoginLimitPerAccount, in: 1...1000)
        failedLoginLimitPerAddress = try environment.int("LOGIN_FAILURE_LIMIT_PER_ADDRESS", default: failedLoginLimitPerAddress, in: 1...100_000)
        failedLoginWindow = try environment.duration("LOGIN_FAILURE_WINDOW", default: failedLoginWindow)
        emailLinkBase = environment.string("EMAIL_LINK_BASE_URL", default: emailLinkBase)
    }
}
