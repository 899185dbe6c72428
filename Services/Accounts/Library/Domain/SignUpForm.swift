import RoamCore

/// What a person types to create an account, normalised and checked field by field.
public struct SignUpForm: Sendable, Equatable {
    public var email: String
    public var username: String
    public var password: String
    public var displayName: String
    /// The version of the terms the person accepted ("" if none was shown).
    public var termsVersion: String
    /// The language the person reads (BCP 47), "" for English.
    public var language: String

    public init(email: String, username: String, password: String, displayName: String, termsVersion: String = "", language: String = "") {
        self.termsVersion = termsVersion.trimmingWhitespace()
        self.language = language.trimmingWhitespace()
        self.email = email.trimmingWhitespace().lowercased()
        self.username = AccountRules.folded(username: username)
        self.password = password
        self.displayName = displayName.trimmingWhitespace()
    }

    public func validate() throws(RoamError) {
        var validation = Validation()
        AccountRules.checkEmail(email, into: &validation)
        AccountRules.checkUsername(username, into: &validation)
        AccountRules.checkPassword(password, field: "password", into: &validation)
        AccountRules.checkDisplayName(displayName, into: &validation)
        AccountRules.checkLanguage(language, into: &validation)
        try validation.check()
    }
}
