import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresNonceStore: NonceRepository {
    let database: Database

    public func use(_ digest: [UInt8], until expiresAt: Date, at time: Date) async throws -> Bool {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // Nonces of expired tokens cannot be replayed anyway (the token is refused first). They are kept
            // an hour longer, so a replica whose clock runs ahead does not forget a nonce another one,
            // behind it, would still take the token for.
            try await connection.query("DELETE FROM accounts.used_nonces WHERE expires_at < \(time.addingTimeInterval(-3600))", logger: logger)
            return try await connection.query(
                """
                INSERT INTO accounts.used_nonces (digest, expires_at) VALUES (\(Data(digest)), \(expiresAt))
                ON CONFLICT DO NOTHING RETURNING digest
                """, logger: logger
            ).collect().first != nil
        }
    }
}
