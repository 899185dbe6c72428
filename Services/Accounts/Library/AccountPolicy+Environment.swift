import RoamRuntime

// Configuration is read by the app, never by the domain.
extension AccountPolicy {
    public init(environment: Environment) throws(ConfigurationError) {
        self.init()
        accessTokenLifetime = try environment.duration("ACCESS_TOKEN_TTL", default: accessTokenLifetime)
        refreshTokenLifetime = try environment.duration("REFRESH_TOKEN_TTL", default: refreshTokenLifetime)
        userPurgeDelay = try environment.duration("USER_PURGE_DELAY", default: userPurgeDelay)
        freeLoginFailures = try environment.int("LOGIN_FREE_FAILURES", default: freeLoginFailures, in: 0...1000)
        failedLoginLimitPerAccount = try environment.int("LOGIN_FAILURE_LIMIT", default: failedLoginLimitPerAccount, in: 1...1000)
        failedLoginLimitPerAddress = try environment.int("LOGIN_FAILURE_LIMIT_PER_ADDRESS", default: failedLoginLimitPerAddress, in: 1...100_000)
        failedLoginWindow = try environment.duration("LOGIN_FAILURE_WINDOW", default: failedLoginWindow)
        emailLinkBase = environment.string("EMAIL_LINK_BASE_URL", default: emailLinkBase)
        mailsPerHour = try environment.int("MAIL_LIMIT_PER_HOUR", default: mailsPerHour, in: 1...1000)
        relationChangesPerMinute = try environment.int("RELATION_CHANGES_PER_MINUTE", default: relationChangesPerMinute, in: 1...100_000)
        usernameChangeInterval = try environment.duration("USERNAME_CHANGE_INTERVAL", default: usernameChangeInterval)
        termsVersion = environment.string("TERMS_VERSION", default: termsVersion)
        termsRequiredAtSignIn = try environment.bool("TERMS_REQUIRED_AT_SIGN_IN", default: termsRequiredAtSignIn)
    }
}
