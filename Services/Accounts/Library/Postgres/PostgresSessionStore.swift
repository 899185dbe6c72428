import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresSessionStore: SessionRepository {
    let database: Database

    static let columns = "id, user_id, user_agent, device_name, client_address, created_at, last_used_at, expires_at"

    static func decode(_ row: PostgresRow) throws -> Session {
        let (id, user, agent, device, address, created, used, expires) =
            try row.decode((UUID, UUID, String, String, String, Date, Date, Date).self)
        return Session(
            id: id, userID: user, device: DeviceInfo(userAgent: agent, deviceName: device), clientAddress: address,
            createdAt: created, lastUsedAt: used, expiresAt: expires)
    }

    public func create(_ session: Session, refreshTokenDigest: [UInt8]) async throws {
        let digest = Data(refreshTokenDigest)
        try await database.transaction { connection in
            try await connection.query(
                """
                INSERT INTO accounts.sessions (id, user_id, user_agent, device_name, client_address, current_token_digest,
                                               created_at, last_used_at, expires_at)
                VALUES (\(session.id), \(session.userID), \(session.device.userAgent), \(session.device.deviceName),
                        \(session.clientAddress), \(digest), \(session.createdAt), \(session.lastUsedAt), \(session.expiresAt))
                """, logger: CallContext.current.logger)
            try await connection.query(
                """
                INSERT INTO accounts.refresh_tokens (digest, session_id, created_at) VALUES (\(digest), \(session.id), \(session.createdAt))
                """, logger: CallContext.current.logger)
        }
    }

    public func rotate(refreshTokenDigest: [UInt8], to newDigest: [UInt8], at time: Date, newExpiry: Date) async throws -> RefreshOutcome {
        let old = Data(refreshTokenDigest)
        let new = Data(newDigest)
        return try await database.transaction { connection in
            let logger = CallContext.current.logger
            // Locking the session row serialises concurrent refreshes of one session: exactly one
            // presenter of a token wins, any other is treated as reuse.
            let rows = try await connection.query(
                """
                SELECT s.id, s.current_token_digest = \(old), s.revoked_at IS NULL AND s.expires_at > \(time)
                FROM accounts.refresh_tokens t JOIN accounts.sessions s ON s.id = t.session_id
                WHERE t.digest = \(old) FOR UPDATE OF s
                """, logger: logger
            ).collect()
            guard let row = rows.first else { return .invalid }
            let (sessionID, isCurrent, isLive) = try row.decode((UUID, Bool, Bool).self)
            guard isLive else { return .invalid }
            guard isCurrent else {
                try await connection.query("UPDATE accounts.sessions SET revoked_at = \(time) WHERE id = \(sessionID)", logger: logger)
                return .reused(sessionID: sessionID)
            }
            let updated = try await connection.query(
                """
                UPDATE accounts.sessions SET current_token_digest = \(new), last_used_at = \(time), expires_at = \(newExpiry)
                WHERE id = \(sessionID) RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect()
            try await connection.query(
                """
                INSERT INTO accounts.refresh_tokens (digest, session_id, created_at) VALUES (\(new), \(sessionID), \(time))
                """, logger: logger)
            return .rotated(try Self.decode(updated[0]))
        }
    }

    public func sessions(userID: UUID, at time: Date) async throws -> [Session] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.sessions
            WHERE user_id = \(userID) AND revoked_at IS NULL AND expires_at > \(time)
            ORDER BY last_used_at DESC, id DESC
            """
        ).map(Self.decode)
    }

    public func session(id: UUID) async throws -> Session? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.sessions WHERE id = \(id) AND revoked_at IS NULL")
            .first.map(Self.decode)
    }

    public func revoke(sessionID: UUID, userID: UUID) async throws -> Bool {
        try await !database.query(
            """
            UPDATE accounts.sessions SET revoked_at = now()
            WHERE id = \(sessionID) AND user_id = \(userID) AND revoked_at IS NULL RETURNING id
            """
        ).isEmpty
    }

    public func revoke(refreshTokenDigest: [UInt8]) async throws -> Bool {
        try await !database.query(
            """
            UPDATE accounts.sessions SET revoked_at = now()
            WHERE id = (SELECT session_id FROM accounts.refresh_tokens WHERE digest = \(Data(refreshTokenDigest)))
              AND revoked_at IS NULL RETURNING id
            """
        ).isEmpty
    }

    public func revokeAll(userID: UUID, except: UUID?) async throws -> Int {
        try await database.query(
            """
            UPDATE accounts.sessions SET revoked_at = now()
            WHERE user_id = \(userID) AND revoked_at IS NULL AND id IS DISTINCT FROM \(except) RETURNING id
            """
        ).count
    }

    public func owner(ofRefreshTokenDigest digest: [UInt8]) async throws -> UUID? {
        try await database.query(
            """
            SELECT s.user_id FROM accounts.refresh_tokens t JOIN accounts.sessions s ON s.id = t.session_id
            WHERE t.digest = \(Data(digest))
            """
        ).first?.decode(UUID.self)
    }
}
