import RoamMail
import RoamRuntime

extension AccountsApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        public var signingKey: SigningKey.Source
        public var policy: AccountPolicy
        public var hasher: PasswordHasher
        /// Services told to forget a deleted account (`name=host:port,…;…`).
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]
        /// The media service, where avatars are attached.
        /// The notifications service, which tells people of new followers.
        public var notificationsAddresses: [HostAndPort]
        public var mediaAddresses: [HostAndPort]
        /// The OpenID Connect providers accepted for sign-in.
        public var providers: [IdentityProvider]
        /// How soon a token signed with an unknown key may fetch a provider's keys again.
        public var providerKeyRefetchCooldown: Duration
        /// How account mails are sent (SMTP, or the log in development).
        public var mail: MailSettings

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "accounts", defaultGRPCPort: defaultGRPCPort,
                defaultMetricsPort: defaultMetricsPort, environment: environment)
            signingKey = SigningKey.Source(environment: environment)
            policy = try AccountPolicy(environment: environment)
            hasher = try PasswordHasher(environment: environment)
            purgeTargets = try environment.namedAddresses("USER_PURGE_TARGETS")
            mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
            notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
            providers = try IdentityProvider.all(environment: environment)
            providerKeyRefetchCooldown = try environment.duration("OIDC_KEY_REFETCH_COOLDOWN", default: .seconds(30))
            mail = try MailSettings(environment: environment)
        }
    }
}
