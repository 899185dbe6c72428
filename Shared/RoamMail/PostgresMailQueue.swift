import Foundation
import Logging
import PostgresNIO
import RoamRuntime

/// A mail outbox table in a service's schema (`<schema>.mail_outbox`).
public struct PostgresMailQueue: MailQueue {
    let database: Database
    let schema: String
    let table: String

    /// `schema` is a constant of the service (`accounts`), never user input.
    public init(database: Database, schema: String) {
        self.database = database
        self.schema = schema
        self.table = "\(schema).mail_outbox"
    }

    /// The statements of a migration that gives `schema` its mail outbox; a mail goes with the row of
    /// `users` (a table of the same schema) it belongs to.
    public static func creationStatements(schema: String, users: String) -> [String] {
        [
            """
            CREATE TABLE \(schema).mail_outbox (
                id uuid PRIMARY KEY,
                user_id uuid REFERENCES \(schema).\(users) (id) ON DELETE CASCADE,
                kind text NOT NULL,
                recipient text NOT NULL,
                language text NOT NULL DEFAULT '',
                fields jsonb NOT NULL DEFAULT '{}',
                created_at timestamptz NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at timestamptz NOT NULL,
                sent_at timestamptz,
                failed_at timestamptz,
                last_error text)
            """,
            "CREATE INDEX mail_outbox_due ON \(schema).mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL",
            "CREATE INDEX mail_outbox_recipient ON \(schema).mail_outbox (recipient, created_at)",
            "CREATE INDEX mail_outbox_user ON \(schema).mail_outbox (user_id)",
        ]
    }

    /// Adds a mail inside the caller's transaction, due at once.
    public static func insert(_ mail: QueuedMail, schema: String, on connection: TracedConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).mail_outbox (id, user_id, kind, recipient, language, fields, created_at, next_attempt_at)
            VALUES (\(mail.id), \(mail.userID), \(mail.kind), \(mail.recipient), \(mail.language), \(Self.json(mail.fields))::jsonb,
                \(mail.createdAt), \(mail.createdAt))
            """, logger: logger)
    }

    public func enqueue(_ mail: QueuedMail) async throws {
        try await database.transaction { connection in
            try await Self.insert(mail, schema: schema, on: connection, logger: CallContext.current.logger)
        }
    }

    public func claim(at time: Date, lease: Duration, limit: Int) async throws -> [QueuedMail] {
        // SKIP LOCKED: replicas claiming at once each take other mails; the new due time is the lease.
        try await database.query(
            """
            UPDATE \(unescaped: table) SET attempts = attempts + 1, next_attempt_at = \(time.adding(lease))
            WHERE id IN (
                SELECT id FROM \(unescaped: table)
                WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= \(time)
                ORDER BY next_attempt_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING id, user_id, kind, recipient, language, fields::text, created_at, attempts
            """
        ).map(Self.decodeMail)
    }

    public func markSent(_ id: UUID, at time: Date) async throws {
        try await database.query("UPDATE \(unescaped: table) SET sent_at = \(time), fields = '{}', last_error = NULL WHERE id = \(id)")
    }

    public func postpone(_ id: UUID, until time: Date, error: String) async throws {
        try await database.query("UPDATE \(unescaped: table) SET next_attempt_at = \(time), last_error = \(error) WHERE id = \(id)")
    }

    public func markFailed(_ id: UUID, at time: Date, error: String) async throws {
        try await database.query("UPDATE \(unescaped: table) SET failed_at = \(time), fields = '{}', last_error = \(error) WHERE id = \(id)")
    }

    public func count(kind: String, recipient: String, since time: Date) async throws -> Int {
        let rows = try await database.query(
            "SELECT count(*) FROM \(unescaped: table) WHERE recipient = \(recipient) AND kind = \(kind) AND created_at >= \(time)")
        return try rows.first?.decode(Int.self) ?? 0
    }

    public func mails(to recipient: String, limit: Int) async throws -> [QueuedMail] {
        try await database.query(
            """
            SELECT id, user_id, kind, recipient, language, fields::text, created_at, attempts FROM \(unescaped: table)
            WHERE recipient = \(recipient) ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """
        ).map(Self.decodeMail)
    }

    public func records(status: MailRecord.Status?, limit: Int) async throws -> [MailRecord] {
        let condition: String =
            switch status {
            case nil: "true"
            case .pending: "sent_at IS NULL AND failed_at IS NULL"
            case .sent: "sent_at IS NOT NULL"
            case .failed: "failed_at IS NOT NULL"
            }
        return try await database.query(
            """
            SELECT id, kind, recipient, attempts, created_at, sent_at, failed_at, last_error FROM \(unescaped: table)
            WHERE \(unescaped: condition) ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """
        ).map { row in
            let (id, kind, recipient, attempts, created, sent, failed, error) =
                try row.decode((UUID, String, String, Int, Date, Date?, Date?, String?).self)
            let status: MailRecord.Status = sent != nil ? .sent : failed != nil ? .failed : .pending
            return MailRecord(
                id: id, kind: kind, recipient: recipient, status: status, attempts: attempts, createdAt: created, settledAt: sent ?? failed,
                lastError: error)
        }
    }

    public func totals() async throws -> [MailRecord.Status: Int] {
        let rows = try await database.query(
            """
            SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL), count(sent_at), count(failed_at) FROM \(unescaped: table)
            """)
        guard let row = rows.first else { return [:] }
        let (pending, sent, failed) = try row.decode((Int, Int, Int).self)
        return [.pending: pending, .sent: sent, .failed: failed]
    }

    public func forgetSettled(before time: Date) async throws {
        try await database.query("DELETE FROM \(unescaped: table) WHERE sent_at < \(time) OR failed_at < \(time)")
    }

    static func decodeMail(_ row: PostgresRow) throws -> QueuedMail {
        let (id, userID, kind, recipient, language, fields, created, attempts) =
            try row.decode((UUID, UUID?, String, String, String, String, Date, Int).self)
        let decoded = (try? JSONDecoder().decode([String: String].self, from: Data(fields.utf8))) ?? [:]
        return QueuedMail(
            id: id, userID: userID, kind: kind, recipient: recipient, language: language, fields: decoded, createdAt: created,
            attempts: attempts)
    }

    static func json(_ fields: [String: String]) -> String {
        (try? String(decoding: JSONEncoder().encode(fields), as: UTF8.self)) ?? "{}"
    }
}
