import Foundation
import PostgresNIO
import RoamRuntime

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
