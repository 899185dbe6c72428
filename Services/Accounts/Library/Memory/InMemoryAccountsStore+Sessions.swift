import Foundation

extension InMemoryAccountsStore: SessionRepository {
    public func create(_ session: Session, refreshTokenDigest: [UInt8]) {
        sessions[session.id] = StoredSession(session: session, currentDigest: refreshTokenDigest)
        refreshTokens[refreshTokenDigest] = session.id
    }

    public func rotate(refreshTokenDigest: [UInt8], to newDigest: [UInt8], at time: Date, newExpiry: Date) -> RefreshOutcome {
        guard let id = refreshTokens[refreshTokenDigest], var stored = sessions[id], !stored.revoked,
            stored.session.expiresAt > time
        else { return .invalid }
        guard stored.currentDigest == refreshTokenDigest else {
            markRevoked(id)
            return .reused(sessionID: id)
        }
        stored.currentDigest = newDigest
        stored.session.lastUsedAt = time
        stored.session.expiresAt = newExpiry
        sessions[id] = stored
        refreshTokens[newDigest] = id
        return .rotated(stored.session)
    }

    public func sessions(userID: UUID, at time: Date) -> [Session] {
        sessions.values
            .filter { $0.session.userID == userID && !$0.revoked && $0.session.expiresAt > time }
            .map(\.session)
            .sorted { ($0.lastUsedAt, $0.id.uuidString) > ($1.lastUsedAt, $1.id.uuidString) }
    }

    public func session(id: UUID) -> Session? {
        guard let stored = sessions[id], !stored.revoked else { return nil }
        return stored.session
    }

    public func revoke(sessionID: UUID, userID: UUID) -> Bool {
        guard let stored = sessions[sessionID], stored.session.userID == userID, !stored.revoked else { return false }
        markRevoked(sessionID)
        return true
    }

    public func revoke(refreshTokenDigest: [UInt8]) -> Bool {
        guard let id = refreshTokens[refreshTokenDigest], let stored = sessions[id], !stored.revoked else { return false }
        markRevoked(id)
        return true
    }

    public func revokeAll(userID: UUID, except: UUID?) -> Int {
        var count = 0
        for (id, stored) in sessions where stored.session.userID == userID && !stored.revoked && id != except {
            markRevoked(id)
            count += 1
        }
        return count
    }

    public func owner(ofRefreshTokenDigest digest: [UInt8]) -> UUID? {
        refreshTokens[digest].flatMap { sessions[$0]?.session.userID }
    }
}
