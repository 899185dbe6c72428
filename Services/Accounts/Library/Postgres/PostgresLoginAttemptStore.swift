import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresLoginAttemptStore: LoginAttemptRepository {
    let database: Database

    public func recordFailure(keys: [String], at time: Date) async throws {
        try await database.query(
            """
            INSERT INTO accounts.login_failures (key, failed_at) SELECT unnest(\(keys)::text[]), \(time)
            """)
    }

    public func failures(key: String, since: Date) async throws -> (count: Int, latest: Date?) {
        let row = try await database.query(
            """
            SELECT count(*), max(failed_at) FROM accounts.login_failures WHERE key = \(key) AND failed_at >= \(since)
            """)[0]
        let (count, latest) = try row.decode((Int, Date?).self)
        return (count, latest)
    }

    public func clear(key: String) async throws {
        try await database.query("DELETE FROM accounts.login_failures WHERE key = \(key)")
    }
}
