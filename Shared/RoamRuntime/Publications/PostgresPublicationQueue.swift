import Foundation
import Logging
import PostgresNIO

/// The publication outbox table in a service's schema (`<schema>.publication_outbox`).
public struct PostgresPublicationQueue: PublicationQueue {
    let database: Database
    let schema: String
    let table: String

    /// `schema` is a constant of the service (`budget`), never user input.
    public init(database: Database, schema: String) {
        self.database = database
        self.schema = schema
        self.table = "\(schema).publication_outbox"
    }

    /// The statements of a migration that gives `schema` its publication outbox.
    public static func creationStatements(schema: String) -> [String] {
        [
            """
            CREATE TABLE \(schema).publication_outbox (
                id uuid PRIMARY KEY,
                user_id uuid NOT NULL,
                publication jsonb NOT NULL,
                created_at timestamptz NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at timestamptz NOT NULL)
            """,
            "CREATE INDEX publication_outbox_due ON \(schema).publication_outbox (next_attempt_at)",
            "CREATE INDEX publication_outbox_user ON \(schema).publication_outbox (user_id)",
        ]
    }

    /// The channel every replica's delivery listens on, announced when publications are queued.
    static func channel(schema: String) -> String { "\(schema)_publications" }

    /// Adds publications inside the caller's transaction, due at once; their delivery hears of them
    /// when it commits.
    public static func insert(
        _ publications: [Publication], schema: String, at time: Date, on connection: TracedConnection, logger: Logger
    ) async throws {
        guard !publications.isEmpty else { return }
        for publication in publications {
            try await connection.query(
                """
                INSERT INTO \(unescaped: schema).publication_outbox (id, user_id, publication, created_at, next_attempt_at)
                VALUES (\(UUID.v7(at: time)), \(publication.userID), \(try StoredPublication(publication).json)::jsonb, \(time), \(time))
                """, logger: logger)
        }
        // PostgreSQL delivers it at commit, once per transaction, and never for one rolled back.
        try await connection.query("SELECT pg_notify(\(channel(schema: schema)), '')", logger: logger)
    }

    /// Forgets what waits for `user` (their account is deleted), inside the caller's transaction.
    public static func forget(user: UUID, schema: String, on connection: TracedConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM \(unescaped: schema).publication_outbox WHERE user_id = \(user)", logger: logger)
    }

    public func forget(user: UUID) async throws {
        try await database.query("DELETE FROM \(unescaped: table) WHERE user_id = \(user)")
    }

    public func claim(at time: Date, lease: Duration, limit: Int) async throws -> [QueuedPublication] {
        // SKIP LOCKED: replicas claiming at once each take others; the new due time is the lease.
        try await database.query(
            """
            UPDATE \(unescaped: table) SET attempts = attempts + 1, next_attempt_at = \(time.adding(lease))
            WHERE id IN (
                SELECT id FROM \(unescaped: table) WHERE next_attempt_at <= \(time)
                ORDER BY next_attempt_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING id, publication::text, attempts
            """
        ).compactMap { row in
            let (id, json, attempts) = try row.decode((UUID, String, Int).self)
            guard let stored = try? JSONDecoder().decode(StoredPublication.self, from: Data(json.utf8)) else { return nil }
            return QueuedPublication(id: id, publication: stored.publication, attempts: attempts)
        }
    }

    public func remove(_ ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await database.query("DELETE FROM \(unescaped: table) WHERE id = ANY(\(ids))")
    }

    public func postpone(_ ids: [UUID], until time: Date) async throws {
        guard !ids.isEmpty else { return }
        try await database.query("UPDATE \(unescaped: table) SET next_attempt_at = \(time) WHERE id = ANY(\(ids))")
    }

    public func announce(to wakeUp: WakeUp) async {
        let channel = Self.channel(schema: schema)
        await BackgroundLoop.restarting(logger: Logger(label: "roam-publications"), lost: "lost the \(channel) channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: channel) { announcements in
                    // Whatever was queued while nobody listened is found by the worker's next look.
                    wakeUp.signal()
                    for try await _ in announcements { wakeUp.signal() }
                }
            }
        }
    }

    public func pendingCount() async throws -> Int {
        try await database.query("SELECT count(*) FROM \(unescaped: table)").first?.decode(Int.self) ?? 0
    }
}
