import Foundation
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

    var users: [UUID: User] = [:]
    var sessions: [UUID: StoredSession] = [:]
    /// Every refresh token digest ever issued, current or rotated, to its session.
    var refreshTokens: [[UInt8]: UUID] = [:]
    var follows: [Follow: Date] = [:]
    var blocks: Set<Follow> = []
    var failures: [String: [Date]] = [:]
    var oneTimeTokens: [[UInt8]: (userID: UUID, purpose: OneTimeTokenPurpose, expiresAt: Date, used: Bool)] = [:]
    /// Deleted accounts other services must hear about.
    nonisolated let outboxEntries = InMemoryOutbox()
    public nonisolated var outbox: any OutboxRepository { outboxEntries }

    public init() {}
}
