import Foundation
import PostgresNIO

/// An outbox table in a service's schema (`<schema>.outbox`: id, topic, subject_id, created_at,
/// delivered_to, attempts, next_attempt_at). Entries are inserted by the service's own transactions
/// with `insertSQL`; this reads and settles them.
public struct PostgresOutbox: OutboxRepository {
    let database: Database
    let table: String

    /// `schema` is a constant of the service (`events`, `accounts`), never user input.
    public init(database: Database, schema: String) {
        self.database = database
        self.table = "\(schema).outbox"
    }

    /// The statements of a migration that gives `schema` its outbox (`<schema>.outbox` and its index).
    public static func creationStatements(schema: String) -> [String] {
        [
            """
            CREATE TABLE \(schema).outbox (
                id uuid PRIMARY KEY,
                topic text NOT NULL,
                subject_id uuid NOT NULL,
                created_at timestamptz NOT NULL,
                delivered_to text[] NOT NULL DEFAULT '{}',
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at timestamptz NOT NULL)
            """,
            "CREATE INDEX outbox_due ON \(schema).outbox (next_attempt_at)",
        ]
    }

    /// Adds an entry inside the caller's transaction, due at once.
    public static func insert(_ entry: OutboxEntry, schema: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO \(unescaped: schema).outbox (id, topic, subject_id, created_at, next_attempt_at)
            VALUES (\(entry.id), \(entry.topic.rawValue), \(entry.subjectID), \(entry.createdAt), \(entry.notBefore))
            """, logger: logger)
    }

    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        try await database.query("""
            SELECT id, topic, subject_id, created_at, delivered_to, attempts FROM \(unescaped: table)
            WHERE next_attempt_at <= \(time) ORDER BY id LIMIT \(limit)
            """).compactMap { row in
            let (id, topic, subject, created, delivered, attempts) = try row.decode((UUID, String, UUID, Date, [String], Int).self)
            guard let topic = OutboxEntry.Topic(rawValue: topic) else { return nil }
            return OutboxEntry(id: id, topic: topic, subjectID: subject, createdAt: created, deliveredTo: Set(delivered), attempts: attempts)
        }
    }

    public func acknowledge(_ entryID: UUID, by target: String) async throws {
        try await database.query("""
            UPDATE \(unescaped: table) SET delivered_to = array_append(delivered_to, \(target))
            WHERE id = \(entryID) AND NOT (\(target) = ANY (delivered_to))
            """)
    }

    public func complete(_ entryID: UUID) async throws {
        try await database.query("DELETE FROM \(unescaped: table) WHERE id = \(entryID)")
    }

    public func postpone(_ entryID: UUID, until time: Date) async throws {
        try await database.query("UPDATE \(unescaped: table) SET attempts = attempts + 1, next_attempt_at = \(time) WHERE id = \(entryID)")
    }
}
