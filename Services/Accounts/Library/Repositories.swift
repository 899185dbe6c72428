import Foundation
import RoamRuntime

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
                        policy: AccountPolicy, media: (any MediaAttachments)? = nil,
                        now: @escaping @Sendable () -> Date = Date.init) async throws -> AccountService {
        try await AccountService(users: users, sessions: sessions, graph: graph, attempts: attempts, oneTimeTokens: oneTimeTokens,
                                 hasher: hasher, tokens: OpaqueToken(), signer: signer, mailer: mailer, policy: policy, media: media, now: now)
    }
}
