import Foundation
import PostgresNIO
import RoamRuntime

/// Revocations as the triggers on `accounts.sessions` and `accounts.users` record them (migration 4).
public struct PostgresRevocationStore: RevocationRepository {
    let database: Database

    public func revocations(after position: Int64, since: Date, limit: Int) async throws -> [Revocation] {
        let rows = try await database.query(
            """
            SELECT position, user_id, session_id, revoked_at, related_user_id, suspension_changed FROM accounts.revocations
            WHERE position > \(position) AND revoked_at >= \(since) ORDER BY position LIMIT \(limit)
            """)
        return try rows.map { row in
            let (position, user, session, revokedAt, related, suspension) = try row.decode((Int64, UUID, UUID?, Date, UUID?, Bool).self)
            return Revocation(
                position: position, userID: user, sessionID: session, revokedAt: revokedAt, relatedUserID: related, suspensionChanged: suspension)
        }
    }

    public func suspendedAccounts(at time: Date) async throws -> [UUID: Date?] {
        let rows = try await database.query(
            """
            SELECT id, suspended_until FROM accounts.users
            WHERE suspended_at IS NOT NULL AND (suspended_until IS NULL OR suspended_until > \(time))
            """)
        var suspended: [UUID: Date?] = [:]
        for row in rows {
            let (user, until) = try row.decode((UUID, Date?).self)
            suspended[user] = until
        }
        return suspended
    }

    public func latestPosition() async throws -> Int64 {
        try await database.query("SELECT coalesce(max(position), 0) FROM accounts.revocations")[0].decode(Int64.self)
    }

    public func forget(before time: Date) async throws {
        try await database.query("DELETE FROM accounts.revocations WHERE revoked_at < \(time)")
    }
}
