import Foundation
import Logging
import PostgresNIO
import RoamRuntime

/// Builds and runs the accounts process from its environment: PostgreSQL repositories (or the
/// in-memory ones with ROAM_IN_MEMORY=true), the signing key, the gRPC server, and the outbox
/// delivery that tells other services about deleted accounts.
public enum AccountsApp {
    public static let defaultGRPCPort = 50051
    public static let defaultMetricsPort = 9101

    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        public var signingKey: SigningKey.Source
        public var policy: AccountPolicy
        public var hasher: PasswordHasher
        /// Services told to forget a deleted account (`name=host:port,…;…`).
        public var purgeTargets: [(name: String, addresses: [HostAndPort])]
        public var purgeTimeout: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(name: "accounts", defaultGRPCPort: defaultGRPCPort,
                                           defaultMetricsPort: defaultMetricsPort, environment: environment)
            signingKey = SigningKey.Source(environment: environment)
            policy = try AccountPolicy(environment: environment)
            hasher = try PasswordHasher(environment: environment)
            purgeTargets = try environment.namedAddresses("USER_PURGE_TARGETS")
            purgeTimeout = try environment.duration("UPSTREAM_TIMEOUT", default: .seconds(5))
        }
    }

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        let settings = configuration.settings
        let registry = ServiceHost.bootstrapObservability(settings)
        let host = ServiceHost(settings: settings)
        let signingKey = try SigningKey.load(from: configuration.signingKey)
        let policy = configuration.policy
        let hasher = configuration.hasher

        let postgres: PostgresClient?
        let repositories: Repositories
        if settings.inMemory {
            host.logger.warning("ROAM_IN_MEMORY=true: accounts keeps everything in memory and forgets it on exit")
            postgres = nil
            repositories = Repositories(memory: InMemoryAccountsStore())
        } else {
            let client = PostgresClient(configuration: settings.database.configuration, backgroundLogger: host.logger)
            postgres = client
            repositories = Repositories(database: Database(client: client, operationTimeout: settings.database.operationTimeout))
        }

        let accounts = try await repositories.service(hasher: hasher, signer: JWTAccessTokenSigner(signingKey: signingKey),
                                                      mailer: LoggingMailSender(logger: host.logger), policy: policy)
        let verifier = await AccessTokenVerifier(keySource: LocalPublicKeySource(keys: [signingKey.publicJWK]),
                                                 serviceSecret: settings.serviceSecret)
        let logger = host.logger
        let credential = await ServiceCredential(serviceName: "accounts", secret: settings.serviceSecret)
        let purgeUpstreams = try configuration.purgeTargets.map {
            try Upstream(name: $0.name, addresses: $0.addresses, timeout: configuration.purgeTimeout)
        }
        let delivery = OutboxDelivery(outbox: repositories.outbox,
                                      targets: purgeUpstreams.map { GRPCPurgeTarget(upstream: $0, credential: credential) }, logger: logger)
        try await host.run(
            services: [AccountsGRPCService(accounts: accounts, publicKeys: [signingKey.publicJWK])],
            serviceNames: ["roam.accounts.v1.AccountsService"],
            anonymousMethods: AccountsGRPCService.anonymousMethods,
            verifier: verifier,
            postgres: postgres,
            startup: {
                try await verifier.loadKeys()
                if let postgres { try await AccountsMigrations.migrator.migrate(postgres, logger: logger) }
            },
            background: purgeUpstreams + [delivery],
            metricsRegistry: registry
        )
    }
}

/// The five repositories of the accounts service, from one store.
public struct Repositories: Sendable {
    public var users: any UserRepository
    public var sessions: any SessionRepository
    public var graph: any SocialGraphRepository
    public var attempts: any LoginAttemptRepository
    public var oneTimeTokens: any OneTimeTokenRepository
    /// Deleted accounts, to be told to other services.
    public var outbox: any OutboxRepository

    public init(memory store: InMemoryAccountsStore) {
        users = store
        sessions = store
        graph = store
        attempts = store
        oneTimeTokens = store
        outbox = store.outbox
    }

    public init(database: Database) {
        users = PostgresUserRepository(database: database)
        sessions = PostgresSessionRepository(database: database)
        graph = PostgresSocialGraphRepository(database: database)
        attempts = PostgresLoginAttemptRepository(database: database)
        oneTimeTokens = PostgresOneTimeTokenRepository(database: database)
        outbox = PostgresOutbox(database: database, schema: AccountsMigrations.schema)
    }

    public func service(hasher: any PasswordHashing, signer: any AccessTokenSigner, mailer: any MailSender,
                        policy: AccountPolicy, now: @escaping @Sendable () -> Date = Date.init) async throws -> AccountService {
        try await AccountService(users: users, sessions: sessions, graph: graph, attempts: attempts, oneTimeTokens: oneTimeTokens,
                                 hasher: hasher, tokens: OpaqueToken(), signer: signer, mailer: mailer, policy: policy, now: now)
    }
}
