import Foundation
import RoamMail
import RoamRuntime

/// The repositories of the accounts service, from one store.
public struct Repositories: Sendable {
    public var users: any UserRepository
    public var sessions: any SessionRepository
    public var graph: any SocialGraphRepository
    public var attempts: any LoginAttemptRepository
    public var oneTimeTokens: any OneTimeTokenRepository
    public var identities: any IdentityRepository
    public var nonces: any NonceRepository
    public var devices: any KnownDeviceRepository
    /// Ended sessions and deleted accounts, for the feed verifiers follow.
    public var revocations: any RevocationRepository
    /// Deleted accounts, to be told to other services.
    public var outbox: any OutboxRepository
    /// Account mails, queued with their tokens, for `MailDelivery` to send.
    public var mailQueue: any MailQueue
    /// Signalled when a mail is queued (in memory at once; on PostgreSQL by `PostgresMailWakeUps`).
    public var mailQueued: WakeUp
    /// New followers, for `PublicationDelivery` to hand to the notifications service.
    public var publications: any PublicationQueue

    public init(memory store: InMemoryAccountsStore) {
        users = store
        sessions = store
        graph = store
        attempts = store
        oneTimeTokens = store
        identities = store
        nonces = store
        devices = store
        revocations = store
        outbox = store.outbox
        mailQueue = store.mailQueue
        mailQueued = store.mailQueue.queued
        publications = store.publicationQueue
    }

    public init(database: Database) {
        users = PostgresUserStore(database: database)
        sessions = PostgresSessionStore(database: database)
        graph = PostgresSocialGraphStore(database: database)
        attempts = PostgresLoginAttemptStore(database: database)
        oneTimeTokens = PostgresOneTimeTokenStore(database: database)
        identities = PostgresIdentityStore(database: database)
        nonces = PostgresNonceStore(database: database)
        devices = PostgresKnownDeviceStore(database: database)
        revocations = PostgresRevocationStore(database: database)
        outbox = PostgresOutbox(database: database, schema: AccountsMigrations.schema)
        mailQueue = PostgresMailQueue(database: database, schema: AccountsMigrations.schema)
        mailQueued = WakeUp()
        publications = PostgresPublicationQueue(database: database, schema: AccountsMigrations.schema)
    }

    public func service(
        hasher: any PasswordHashing, signer: any AccessTokenSigner,
        policy: AccountPolicy, media: (any MediaAttachments)? = nil,
        providers: [IdentityProvider] = [], idTokens: (any IDTokenVerifier)? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> AccountService {
        try await AccountService(
            users: users, sessions: sessions, graph: graph, attempts: attempts, oneTimeTokens: oneTimeTokens,
            identities: identities, nonces: nonces, devices: devices, hasher: hasher, tokens: OpaqueToken(), signer: signer,
            outgoingMail: QueuedOutgoingMail(queue: mailQueue), policy: policy, media: media, providers: providers, idTokens: idTokens, now: now)
    }
}
