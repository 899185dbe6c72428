/// Secret values anyone can read in Roam's sources: the built-in development service secret and the
/// examples in `compose/.env.example` (a test holds this list equal to that file). Outside development
/// a process refuses to start with any of them.
public enum PublishedSecrets {
    public static let developmentServiceSecret = "roam-development-service-secret-change-me"

    /// How the refusal tells an operator to make a value.
    public static let howToMakeOne = "make one with `openssl rand -hex 32`"

    public static let exampleValues: Set<String> = [
        "change-me-to-at-least-32-random-bytes-please",
        "change-me-postgres", "change-me-accounts", "change-me-events", "change-me-feed", "change-me-media",
        "change-me-trips", "change-me-budget", "change-me-bucketlists", "change-me-notifications", "change-me-moderation",
        "change-me-smtp",
    ]

    public static func isPublished(_ value: String) -> Bool {
        value == developmentServiceSecret || exampleValues.contains(value)
    }

    /// Why `value` of `variable` may not be used by a process of `kind`, or nil when it may.
    /// - Parameter part: what of the variable's value is the secret (`its password`), when not all of it.
    public static func refusal(of value: String, variable: String, part: String? = nil, kind: DeploymentKind) -> ConfigurationError? {
        guard kind != .development, isPublished(value) else { return nil }
        let which = value == developmentServiceSecret ? "the built-in development value" : "the example value from compose/.env.example"
        return ConfigurationError(
            variable: variable,
            problem: "\(part.map { "\($0) " } ?? "")is \(which), which anyone can read; \(howToMakeOne) "
                + "(or set \(DeploymentKind.variable)=development on a developer's machine)")
    }
}

extension Environment {
    /// The service secret every process shares (`ROAM_SERVICE_SECRET`): required outside development,
    /// at least 32 bytes, and never a published value there.
    public func serviceSecret(kind: DeploymentKind) throws(ConfigurationError) -> String {
        let variable = "ROAM_SERVICE_SECRET"
        guard let secret = optionalString(variable) else {
            guard kind == .development else {
                throw ConfigurationError(
                    variable: variable,
                    problem: "is not set; \(PublishedSecrets.howToMakeOne) "
                        + "and give every process the same value (or set \(DeploymentKind.variable)=development on a developer's machine)")
            }
            return PublishedSecrets.developmentServiceSecret
        }
        return try Self.checked(secret, variable: variable, kind: kind)
    }

    /// `ROAM_SERVICE_SECRET_ACCEPTED`: another service secret accepted (never used to sign) while a
    /// rotation rolls out, held to the same rules as the secret itself; nil when unset.
    public func acceptedServiceSecret(kind: DeploymentKind) throws(ConfigurationError) -> String? {
        let variable = "ROAM_SERVICE_SECRET_ACCEPTED"
        guard let secret = optionalString(variable) else { return nil }
        return try Self.checked(secret, variable: variable, kind: kind)
    }

    /// A service secret that is set: at least 32 bytes, and outside development none anyone can read.
    private static func checked(_ secret: String, variable: String, kind: DeploymentKind) throws(ConfigurationError) -> String {
        guard secret.utf8.count >= 32 else {
            throw ConfigurationError(variable: variable, problem: "must be at least 32 bytes; \(PublishedSecrets.howToMakeOne)")
        }
        if let refusal = PublishedSecrets.refusal(of: secret, variable: variable, kind: kind) { throw refusal }
        return secret
    }
}
