import RoamMail
import RoamRuntime

/// The accounts process: its stores, its gRPC service, its signing key, the outbox that tells other
/// services about deleted accounts, and the worker that hands new followers to the notifications service. `ServiceHost` does the rest.
public enum AccountsApp {
    public static let defaultGRPCPort = 50051
    public static let defaultMetricsPort = 9101

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        let keyring = try SigningKey.load(from: configuration.signingKey)
        let mail = configuration.mail
        let composer = try await MailComposer(
            from: mail.from, product: mail.product, publicURL: configuration.policy.emailLinkBase, overrides: mail.templates)
        // Built now rather than in the first sign-up's time (a few hundred milliseconds on a loaded machine).
        _ = BreachedPasswords.contains("")
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let repositories = runtime.database.map(Repositories.init(database:)) ?? Repositories(memory: InMemoryAccountsStore())
            let accounts = try await repositories.service(
                hasher: configuration.hasher, signer: JWTAccessTokenSigner(signingKey: keyring.signing),
                policy: configuration.policy,
                media: MediaAttachmentsClient(upstream: try runtime.upstream("media", addresses: configuration.mediaAddresses)),
                providers: configuration.providers,
                idTokens: JWKSIDTokenVerifier(
                    refetchCooldown: configuration.providerKeyRefetchCooldown,
                    logger: runtime.logger))
            let feed = RevocationFeed(
                repository: repositories.revocations, tokenLifetime: configuration.policy.accessTokenLifetime,
                logger: runtime.logger)
            var parts = ServiceParts(
                services: [
                    AccountsGRPCService(accounts: accounts, publicKeys: keyring.publicJWKs, revocations: feed),
                    AccountsAdminGRPCService(accounts: accounts),
                    AccountsModerationGRPCService(accounts: accounts),
                    MailReportGRPCService(queue: repositories.mailQueue),
                ],
                migrator: AccountsMigrations.migrator)
            parts.revocations = LocalRevocationSource(feed: feed)
            parts.workers.append(feed)
            parts.workers.append(
                MailDelivery(
                    queue: repositories.mailQueue, composer: composer, transport: try mail.makeTransport(logger: runtime.logger),
                    wakeUp: repositories.mailQueued, longestPause: mail.longestPause, logger: runtime.logger))
            if let database = runtime.database {
                parts.workers.append(
                    PostgresMailWakeUps(
                        database: database, schema: AccountsMigrations.schema, wakeUp: repositories.mailQueued, logger: runtime.logger))
            }
            parts.workers.append(
                try runtime.publicationDelivery(queue: repositories.publications, notificationsAddresses: configuration.notificationsAddresses))
            parts.endStreams = { feed.end() }
            parts.anonymousMethods = AccountsGRPCService.anonymousMethods
            parts.publicKeys = LocalPublicKeySource(keys: keyring.publicJWKs)
            parts.outbox = repositories.outbox
            parts.purgeTargets = configuration.purgeTargets
            return parts
        }
    }
}
