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

    public func failures(keys: [String], since: Date) async throws -> [String: (count: Int, latest: Date?)] {
        var failures: [String: (count: Int, latest: Date?)] = [:]
        for row in try await database.query(
            """
            SELECT key, count(*), max(failed_at) FROM accounts.login_failures WHERE key = ANY(\(keys)) AND failed_at >= \(since) GROUP BY key
            """)
        {
            let (key, count, latest) = try row.decode((String, Int, Date?).self)
            failures[key] = (count, latest)
        }
        return failures
    }

    public func clear(key: String) async throws {
        try await database.query("DELETE FROM accounts.login_failures WHERE key = \(key)")
    }
}
