import Foundation
import RoamMail
import RoamRuntime

/// All accounts repositories in memory, for unit tests and for running the service without
/// PostgreSQL. One actor holds everything so multi-entity changes are as atomic as in SQL.
public actor InMemoryAccountsStore {
    struct StoredSession {
        var session: Session
        var currentDigest: [UInt8]
        var revoked = false
    }

    struct Follow: Hashable {
        var follower: UUID
        var followee: UUID
    }

    struct IdentityKey: Hashable {
        var issuer: String
        var subject: String
    }

    var users: [UUID: User] = [:]
    var sessions: [UUID: StoredSession] = [:]
    /// Every refresh token digest ever issued, current or rotated, to its session.
    var refreshTokens: [[UInt8]: UUID] = [:]
    var follows: [Follow: Date] = [:]
    var blocks: Set<Follow> = []
    var failures: [String: [Date]] = [:]
    var revocationLog: [Revocation] = []
    /// Positions keep growing after old revocations are forgotten.
    var lastForgottenPosition: Int64 = 0
    struct StoredToken {
        var token: UsedToken
        var expiresAt: Date
        var used = false
    }

    var oneTimeTokens: [[UInt8]: StoredToken] = [:]
    /// Provider identities by issuer and subject.
    var identities: [IdentityKey: LinkedIdentity] = [:]
    /// Known devices by their token's digest: whose, and when last used.
    var knownDevices: [[UInt8]: (userID: UUID, lastUsed: Date)] = [:]
    /// Digests of ID-token nonces already used, until when they are kept.
    var usedNonces: [[UInt8]: Date] = [:]
    /// Deleted accounts other services must hear about.
    nonisolated let outboxEntries = InMemoryOutbox()
    public nonisolated var outbox: any OutboxRepository { outboxEntries }
    /// Account mails waiting to be sent, and those sent lately.
    public nonisolated let mailQueue = InMemoryMailQueue()
    /// New followers, for the people followed.
    public nonisolated let publicationQueue = InMemoryPublicationQueue()

    public init() {}
}
