import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresLoginAttemptRepository: LoginAttemptRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func recordFailure(keys: [String], at time: Date) async throws {
        try await database.query("""
            INSERT INTO accounts.login_failures (key, failed_at) SELECT unnest(\(keys)::text[]), \(time)
            """)
    }

    public func failures(key: String, since: Date) async throws -> (count: Int, oldest: Date?) {
        let row = try await database.query("""
            SELECT count(*), min(failed_at) FROM accounts.login_failures WHERE key = \(key) AND failed_at >= \(since)
            """)[0]
        let (count, oldest) = try row.decode((Int, Date?).self)
        return (count, oldest)
    }

    public func clear(key: String) async throws {
        try await database.query("DELETE FROM accounts.login_failures WHERE key = \(key)")
    }
}

public struct PostgresOneTimeTokenRepository: OneTimeTokenRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, expiresAt: Date) async throws {
        try await database.query("""
            INSERT INTO accounts.one_time_tokens (digest, user_id, purpose, expires_at)
            VALUES (\(Data(digest)), \(userID), \(purpose.rawValue), \(expiresAt))
            """)
    }

    public func consume(digest: [UInt8], purpose: OneTimeTokenPurpose, at time: Date) async throws -> UUID? {
        try await database.query("""
            UPDATE accounts.one_time_tokens SET used_at = \(time)
            WHERE digest = \(Data(digest)) AND purpose = \(purpose.rawValue) AND used_at IS NULL AND expires_at > \(time)
            RETURNING user_id
            """).first?.decode(UUID.self)
    }
}
