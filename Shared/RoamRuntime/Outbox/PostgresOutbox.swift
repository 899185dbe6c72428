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
    public static func insert(_ entry: OutboxEntry, schema: String, on connection: TracedConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).outbox (id, topic, subject_id, created_at, next_attempt_at)
            VALUES (\(entry.id), \(entry.topic.rawValue), \(entry.subjectID), \(entry.createdAt), \(entry.notBefore))
            """, logger: logger)
    }

    /// The statements of a migration that keeps completed entries as receipts: when each target
    /// acknowledged, and when the last one did.
    public static func receiptStatements(schema: String) -> [String] {
        [
            "ALTER TABLE \(schema).outbox ADD COLUMN acknowledged_at jsonb NOT NULL DEFAULT '{}'",
            "ALTER TABLE \(schema).outbox ADD COLUMN completed_at timestamptz",
            "CREATE INDEX outbox_subject ON \(schema).outbox (subject_id)",
            "CREATE INDEX outbox_completed ON \(schema).outbox (completed_at) WHERE completed_at IS NOT NULL",
        ]
    }

    static let columns =
        "id, topic, subject_id, created_at, delivered_to, attempts, acknowledged_at::text, nullif(next_attempt_at, 'infinity'), completed_at"

    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        // A completed entry's next attempt is 'infinity', so the index on it leaves receipts out.
        try entries(
            in: try await database.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                WHERE next_attempt_at <= \(time) ORDER BY id LIMIT \(limit)
                """))
    }

    public func acknowledge(_ entryID: UUID, by target: String, at time: Date) async throws {
        try await database.query(
            """
            UPDATE \(unescaped: table) SET delivered_to = array_append(delivered_to, \(target)),
                acknowledged_at = acknowledged_at || jsonb_build_object(\(target)::text, extract(epoch FROM \(time)::timestamptz))
            WHERE id = \(entryID) AND NOT (\(target) = ANY (delivered_to))
            """)
    }

    public func complete(_ entryID: UUID, at time: Date) async throws {
        try await database.query(
            """
            UPDATE \(unescaped: table) SET completed_at = \(time), next_attempt_at = 'infinity' WHERE id = \(entryID)
            """)
    }

    public func postpone(_ entryID: UUID, until time: Date) async throws {
        try await database.query("UPDATE \(unescaped: table) SET attempts = attempts + 1, next_attempt_at = \(time) WHERE id = \(entryID)")
    }

    public func entries(topic: OutboxEntry.Topic, subject: UUID?, limit: Int) async throws -> [OutboxEntry] {
        if let subject {
            return try entries(
                in: try await database.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                    WHERE subject_id = \(subject) AND topic = \(topic.rawValue) ORDER BY id DESC LIMIT \(limit)
                    """))
        }
        return try entries(
            in: try await database.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: table) WHERE topic = \(topic.rawValue) ORDER BY id DESC LIMIT \(limit)
                """))
    }

    public func backlog(of targets: [String]) async throws -> [String: OutboxBacklog] {
        let rows = try await database.query(
            """
            SELECT t.name, count(o.id)::bigint, min(o.created_at)
            FROM unnest(\(targets)::text[]) AS t(name)
            LEFT JOIN \(unescaped: table) o ON o.completed_at IS NULL AND NOT (t.name = ANY(o.delivered_to))
            GROUP BY t.name
            """)
        var backlog: [String: OutboxBacklog] = [:]
        for row in rows {
            let (name, count, oldest) = try row.decode((String, Int, Date?).self)
            backlog[name] = OutboxBacklog(count: count, oldest: oldest)
        }
        return backlog
    }

    public func forgetCompleted(before time: Date) async throws {
        try await database.query("DELETE FROM \(unescaped: table) WHERE completed_at < \(time)")
    }

    private func entries(in rows: [PostgresRow]) throws -> [OutboxEntry] {
        try rows.compactMap { row in
            let (id, topic, subject, created, delivered, attempts, acknowledged, next, completed) =
                try row.decode((UUID, String, UUID, Date, [String], Int, String, Date?, Date?).self)
            guard let topic = OutboxEntry.Topic(rawValue: topic) else { return nil }
            return OutboxEntry(
                id: id, topic: topic, subjectID: subject, createdAt: created, deliveredTo: Set(delivered), attempts: attempts,
                acknowledgedAt: Self.times(inJSON: acknowledged), nextAttemptAt: next, completedAt: completed)
        }
    }

    /// `{"feed": 1795736408.512345, …}`: seconds since 1970 for each target.
    static func times(inJSON text: String) -> [String: Date] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Double] else { return [:] }
        return object.mapValues { Date(timeIntervalSince1970: $0) }
    }
}
