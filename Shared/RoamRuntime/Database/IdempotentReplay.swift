import Foundation
import Logging
import PostgresNIO

/// What a store does when a create's idempotency key finds the row an earlier request made: read the
/// fingerprint kept beside the key (`idempotency_fingerprint`) and refuse answering with that row when
/// it was made for another request (`IdempotentRequest`).
public enum IdempotentReplay {
    static func query(_ table: String, id: UUID) -> PostgresQuery {
        "SELECT idempotency_fingerprint FROM \(unescaped: table) WHERE id = \(id)"
    }

    static func check(_ rows: [PostgresRow]) throws {
        try IdempotentRequest.checkReplay(storedFingerprint: rows.first?.decode(String?.self) ?? nil)
    }
}

extension Database {
    /// Refuses replaying row `id` of `table` for a request other than the one that made it.
    public func checkReplay(of table: String, id: UUID) async throws {
        try IdempotentReplay.check(try await query(IdempotentReplay.query(table, id: id)))
    }
}

extension TracedConnection {
    /// Refuses replaying row `id` of `table` for a request other than the one that made it, within a transaction.
    public func checkReplay(of table: String, id: UUID, logger: Logger) async throws {
        try IdempotentReplay.check(try await query(IdempotentReplay.query(table, id: id), logger: logger).collect())
    }
}

extension IdempotentReplay {
    /// The migration giving each of `tables` (rows made by creates that take a key) its fingerprint column.
    public static func columnStatements(schema: String, tables: [String]) -> [String] {
        tables.map { "ALTER TABLE \(schema).\($0) ADD COLUMN idempotency_fingerprint text" }
    }
}
