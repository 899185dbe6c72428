import Foundation
import PostgresNIO
import RoamMail
import RoamRuntime

public struct PostgresOneTimeTokenStore: OneTimeTokenRepository {
    let database: Database

    public func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, detail: String, expiresAt: Date, mailing mail: Mail) async throws {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await connection.query(
                """
                INSERT INTO accounts.one_time_tokens (digest, user_id, purpose, detail, expires_at)
                VALUES (\(Data(digest)), \(userID), \(purpose.rawValue), \(detail), \(expiresAt))
                """, logger: logger)
            try await PostgresMailQueue.insert(mail.queued, schema: AccountsMigrations.schema, on: connection, logger: logger)
        }
    }

    public func consume(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) async throws -> UsedToken? {
        let names = purposes.map(\.rawValue)
        guard
            let row = try await database.query(
                """
                UPDATE accounts.one_time_tokens SET used_at = \(time)
                WHERE digest = \(Data(digest)) AND purpose = ANY(\(names)) AND used_at IS NULL AND expires_at > \(time)
                RETURNING user_id, purpose, detail
                """
            ).first
        else { return nil }
        let (userID, purpose, detail) = try row.decode((UUID, String, String).self)
        return OneTimeTokenPurpose(rawValue: purpose).map { UsedToken(userID: userID, purpose: $0, detail: detail) }
    }

    public func peek(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) async throws -> UsedToken? {
        let names = purposes.map(\.rawValue)
        guard
            let row = try await database.query(
                """
                SELECT user_id, purpose, detail FROM accounts.one_time_tokens
                WHERE digest = \(Data(digest)) AND purpose = ANY(\(names)) AND used_at IS NULL AND expires_at > \(time)
                """
            ).first
        else { return nil }
        let (userID, purpose, detail) = try row.decode((UUID, String, String).self)
        return OneTimeTokenPurpose(rawValue: purpose).map { UsedToken(userID: userID, purpose: $0, detail: detail) }
    }
}
