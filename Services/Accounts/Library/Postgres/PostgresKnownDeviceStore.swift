import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresKnownDeviceStore: KnownDeviceRepository {
    let database: Database

    /// One statement: the device goes in and the user's least recently used ones past `limit` go out
    /// (the delete sees the table as it was, so it keeps `limit - 1` besides the new one).
    public func rememberDevice(digest: [UInt8], userID: UUID, at time: Date, limit: Int) async throws {
        try await database.query(
            """
            WITH remembered AS (
                INSERT INTO accounts.known_devices (digest, user_id, created_at, last_used_at)
                SELECT \(Data(digest)), id, \(time), \(time) FROM accounts.users WHERE id = \(userID)
                ON CONFLICT (digest) DO UPDATE SET last_used_at = excluded.last_used_at RETURNING user_id)
            DELETE FROM accounts.known_devices WHERE user_id IN (SELECT user_id FROM remembered) AND digest IN (
                SELECT digest FROM accounts.known_devices WHERE user_id = \(userID) ORDER BY last_used_at DESC OFFSET \(limit - 1))
            """)
    }

    public func isKnownDevice(digest: [UInt8], userID: UUID, at time: Date) async throws -> Bool {
        let digest = Data(digest)
        return try await !database.query(
            """
            UPDATE accounts.known_devices SET last_used_at = \(time) WHERE digest = \(digest) AND user_id = \(userID) RETURNING 1
            """
        ).isEmpty
    }
}
