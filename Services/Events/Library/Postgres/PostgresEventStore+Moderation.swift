import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresEventStore {
    public func ban(eventID: UUID, userID: UUID, by host: UUID?, at time: Date, telling notice: EventNotification?) async throws -> Removal? {
        try await database.transaction { connection in
            let removal = try await Self.ban(eventID: eventID, userID: userID, by: host, at: time, connection: connection, logger: logger)
            try await Self.queue(notice, to: [userID], at: time, on: connection, logger: logger)
            return removal
        }
    }

    static func ban(
        eventID: UUID, userID: UUID, by host: UUID?, at time: Date, connection: TracedConnection,
        logger: Logger
    ) async throws -> Removal? {
        try await connection.query(
            """
            INSERT INTO events.bans (event_id, user_id, banned_by, created_at)
            SELECT id, \(userID), \(host), \(time) FROM events.events WHERE id = \(eventID)
            ON CONFLICT (event_id, user_id) DO NOTHING
            """, logger: logger)
        try await connection.query("DELETE FROM events.waitlist WHERE event_id = \(eventID) AND user_id = \(userID)", logger: logger)
        return try await removeMember(eventID: eventID, userID: userID, reason: .banned, connection: connection, logger: logger)
    }

    public func unban(eventID: UUID, userID: UUID) async throws -> Bool {
        try await !database.query("DELETE FROM events.bans WHERE event_id = \(eventID) AND user_id = \(userID) RETURNING user_id").isEmpty
    }

    public func bans(eventID: UUID, page: PageRequest) async throws -> Page<Ban> {
        let after = try ListingCursor.time(page.cursor)
        let rows = try await database.query(
            """
            SELECT user_id, banned_by, created_at FROM events.bans
            WHERE event_id = \(eventID)
              AND (\(after == nil) OR (\(unescaped: Self.microseconds("created_at")), user_id) < (\(after?.microseconds ?? 0), \(after?.id ?? UUID())))
            ORDER BY created_at DESC, user_id DESC LIMIT \(page.size + 1)
            """)
        let bans = try rows.map { row in
            let (user, by, created) = try row.decode((UUID, UUID?, Date).self)
            return Ban(eventID: eventID, userID: user, bannedBy: by, createdAt: created)
        }
        return Page(fetched: bans, size: page.size) { ListingCursor.time(after: $0.createdAt, $0.userID) }
    }

    public func addReport(_ report: Report, threshold: Int, telling notice: EventNotification?) async throws -> ReportOutcome {
        try await database.transaction { connection in
            // Reports of one event are serialised on its row, so exactly one report crosses the threshold.
            let locked = try await connection.query(
                "SELECT 1 FROM events.events WHERE id = \(report.eventID) FOR NO KEY UPDATE",
                logger: logger
            ).collect()
            guard !locked.isEmpty else { throw EventsError.eventNotFound }
            let inserted = try await connection.query(
                """
                INSERT INTO events.reports (id, event_id, reporter_id, target_id, reason, text, created_at)
                VALUES (\(report.id), \(report.eventID), \(report.reporterID), \(report.targetID), \(report.reason.rawValue),
                        \(report.text), \(report.createdAt))
                ON CONFLICT (event_id, reporter_id, target_id) DO NOTHING RETURNING id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else { return .duplicate }
            let counted = try await connection.query(
                """
                SELECT count(DISTINCT reporter_id),
                       EXISTS (SELECT 1 FROM events.bans WHERE event_id = \(report.eventID) AND user_id = \(report.targetID))
                FROM events.reports WHERE event_id = \(report.eventID) AND target_id = \(report.targetID)
                """, logger: logger
            ).collect()
            let (reporters, alreadyBanned) = try counted[0].decode((Int, Bool).self)
            guard reporters >= threshold, !alreadyBanned else { return .recorded(distinctReporters: reporters, banned: false) }
            _ = try await Self.ban(
                eventID: report.eventID, userID: report.targetID, by: nil, at: report.createdAt,
                connection: connection, logger: logger)
            try await Self.queue(notice, to: [report.targetID], at: report.createdAt, on: connection, logger: logger)
            return .recorded(distinctReporters: reporters, banned: true)
        }
    }

    public func reports(eventID: UUID, page: PageRequest) async throws -> Page<Report> {
        let after = try ListingCursor.id(page.cursor)
        let rows = try await database.query(
            """
            SELECT id, reporter_id, target_id, reason, text, created_at FROM events.reports
            WHERE event_id = \(eventID) AND (\(after == nil) OR id < \(after ?? UUID()))
            ORDER BY id DESC LIMIT \(page.size + 1)
            """)
        let reports = try rows.map { row in
            let (id, reporter, target, reason, text, created) = try row.decode((UUID, UUID, UUID, String, String, Date).self)
            return Report(
                id: id, eventID: eventID, reporterID: reporter, targetID: target, reason: Report.Reason(rawValue: reason) ?? .other,
                text: text, createdAt: created)
        }
        return Page(fetched: reports, size: page.size) { ListingCursor.id(after: $0.id) }
    }

    public func liveEvents(at time: Date, page: PageRequest) async throws -> Page<LiveEvent> {
        let after = try ListingCursor.time(page.cursor)
        let events = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM events.events e
            WHERE e.starts_at <= \(time) AND e.ends_at > \(time)
              AND (\(after == nil) OR (\(unescaped: Self.microseconds("e.starts_at")), e.id) < (\(after?.microseconds ?? 0), \(after?.id ?? UUID())))
            ORDER BY e.starts_at DESC, e.id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        let ids = events.map(\.id)
        let reportCounts = try await counts(in: "events.reports", of: ids)
        let banCounts = try await counts(in: "events.bans", of: ids)
        let live = events.map { LiveEvent(event: $0, reportCount: reportCounts[$0.id] ?? 0, banCount: banCounts[$0.id] ?? 0) }
        return Page(fetched: live, size: page.size) { ListingCursor.time(after: $0.event.startsAt, $0.event.id) }
    }

    public func setTakedown(ofEvent id: UUID, _ takedown: Takedown?) async throws -> Event? {
        try await database.query(
            """
            UPDATE events.events e SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE e.id = \(id) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    /// How many rows of `table` (reports or bans) each event has.
    private func counts(in table: String, of eventIDs: [UUID]) async throws -> [UUID: Int] {
        guard !eventIDs.isEmpty else { return [:] }
        let rows = try await database.query(
            "SELECT event_id, count(*)::bigint FROM \(unescaped: table) WHERE event_id = ANY(\(eventIDs)) GROUP BY event_id")
        return try Dictionary(
            uniqueKeysWithValues: rows.map { row in
                let (id, count) = try row.decode((UUID, Int).self)
                return (id, count)
            })
    }

    public func recordPasswordFailure(eventID: UUID, userID: UUID, at time: Date) async throws {
        try await database.query(
            """
            INSERT INTO events.password_failures (event_id, user_id, failed_at)
            SELECT id, \(userID), \(time) FROM events.events WHERE id = \(eventID)
            """)
    }

    public func passwordFailures(eventID: UUID, userID: UUID, since: Date) async throws -> Int {
        try await database.query(
            """
            SELECT count(*) FROM events.password_failures WHERE event_id = \(eventID) AND user_id = \(userID) AND failed_at >= \(since)
            """
        ).first?.decode(Int.self) ?? 0
    }
}

extension PostgresEventStore: StoreWithOutbox {
    public var outbox: any OutboxRepository { PostgresOutbox(database: database, schema: EventsMigrations.schema) }
}
