import Foundation
import PostgresNIO
import RoamRuntime

/// The reports queue in the `moderation` schema.
public struct PostgresCaseStore: CaseRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    static let columns = """
        c.id, c.subject_kind, c.subject_id, c.status, c.report_count, c.first_reported_at, c.last_reported_at, c.snapshot::text,
        c.resolution::text,
        ARRAY(SELECT r.reason FROM moderation.reports r WHERE r.case_id = c.id GROUP BY r.reason ORDER BY count(*) DESC, r.reason)
        """

    static func decode(_ row: PostgresRow) throws -> ModerationCase {
        let (id, kind, subjectID, status, count, first, last, snapshot, resolution, reasons) = try row.decode(
            (UUID, String, UUID, String, Int, Date, Date, String, String?, [String]).self)
        guard let kind = SubjectKind(rawValue: kind), let status = CaseStatus(rawValue: status) else { throw RoamError.internal }
        return ModerationCase(
            id: id, subject: Subject(kind: kind, id: subjectID), status: status, reportCount: count, firstReportedAt: first,
            lastReportedAt: last, reasons: reasons.compactMap(ReportReason.init(rawValue:)),
            snapshot: try ModerationJSON.decode(Content.self, snapshot),
            resolution: try resolution.map { try ModerationJSON.decode(Resolution.self, $0) })
    }

    public func file(_ report: CaseReport, about subject: Subject, snapshot: Content, newCaseID: UUID) async throws -> (caseID: UUID, created: Bool) {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // Opens the subject's case unless one is open; either way the case is locked for the count.
            let opened = try await connection.query(
                """
                INSERT INTO moderation.cases (id, subject_kind, subject_id, author_id, status, first_reported_at, last_reported_at, snapshot)
                VALUES (\(newCaseID), \(subject.kind.rawValue), \(subject.id), \(snapshot.authorID), 'open', \(report.reportedAt),
                        \(report.reportedAt), \(ModerationJSON.encode(snapshot))::jsonb)
                ON CONFLICT (subject_kind, subject_id) WHERE status = 'open' DO UPDATE SET status = 'open'
                RETURNING id
                """, logger: logger)
            guard let caseID = try await opened.collect().first?.decode(UUID.self) else { throw RoamError.internal }
            let inserted = try await connection.query(
                """
                INSERT INTO moderation.reports (case_id, reporter_id, reason, text, reported_at)
                VALUES (\(caseID), \(report.reporterID), \(report.reason.rawValue), \(report.text), \(report.reportedAt))
                ON CONFLICT DO NOTHING RETURNING case_id
                """, logger: logger)
            guard try await inserted.collect().first != nil else { return (caseID, false) }
            try await connection.query(
                """
                UPDATE moderation.cases SET report_count = report_count + 1, last_reported_at = greatest(last_reported_at, \(report.reportedAt))
                WHERE id = \(caseID)
                """, logger: logger)
            return (caseID, true)
        }
    }

    public func cases(_ filter: CaseFilter, page: PageRequest) async throws -> Page<ModerationCase> {
        let after = try page.cursor.map { token throws(RoamError) in try QueuePosition(cursor: token) }
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM moderation.cases c
            WHERE (\(filter.status?.rawValue)::text IS NULL OR c.status = \(filter.status?.rawValue))
              AND (\(filter.kind?.rawValue)::text IS NULL OR c.subject_kind = \(filter.kind?.rawValue))
              AND (\(after == nil) OR ((CASE c.status WHEN 'open' THEN 0 ELSE 1 END), c.first_reported_at, c.id)
                   > (\((after?.resolved ?? false) ? 1 : 0), to_timestamp(\(Double(after?.firstReported ?? 0)) / 1000000.0), \(after?.id ?? UUID())))
            ORDER BY (CASE c.status WHEN 'open' THEN 0 ELSE 1 END), c.first_reported_at, c.id
            LIMIT \(page.size + 1)
            """)
        let found = try rows.map(Self.decode)
        let items = Array(found.prefix(page.size))
        return Page(items: items, nextCursor: found.count > page.size ? items.last.map { QueuePosition(of: $0).cursor } : nil)
    }

    public func reportTimes(by reporter: UUID, since time: Date) async throws -> [Date] {
        try await database.query(
            "SELECT reported_at FROM moderation.reports WHERE reporter_id = \(reporter) AND reported_at >= \(time)"
        ).map { try $0.decode(Date.self) }
    }

    public func moderationCase(id: UUID) async throws -> (ModerationCase, [CaseReport])? {
        guard
            let found = try await database.query("SELECT \(unescaped: Self.columns) FROM moderation.cases c WHERE c.id = \(id)").first.map(
                Self.decode)
        else { return nil }
        let reports = try await database.query(
            """
            SELECT reporter_id, reason, text, reported_at FROM moderation.reports WHERE case_id = \(id) ORDER BY reported_at, reporter_id
            """
        ).map { row in
            let (reporter, reason, text, at) = try row.decode((UUID, String, String, Date).self)
            return CaseReport(reporterID: reporter, reason: ReportReason(rawValue: reason) ?? .other, text: text, reportedAt: at)
        }
        return (found, reports)
    }

    public func resolve(caseID: UUID, _ resolution: Resolution) async throws -> ModerationCase? {
        try await database.query(
            """
            UPDATE moderation.cases c SET status = 'resolved', resolution = \(ModerationJSON.encode(resolution))::jsonb
            WHERE c.id = \(caseID) AND c.status = 'open' RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func forget(user: UUID) async throws -> ForgottenCases {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let counted = try await connection.query(
                """
                WITH removed AS (DELETE FROM moderation.reports WHERE reporter_id = \(user) RETURNING case_id),
                     recounted AS (
                        UPDATE moderation.cases c SET report_count = c.report_count - gone.count
                        FROM (SELECT case_id, count(*)::int AS count FROM removed GROUP BY case_id) gone
                        WHERE c.id = gone.case_id RETURNING c.id)
                SELECT count(*)::int8 FROM removed
                """, logger: logger
            ).collect().first
            // A data-modifying WITH runs whether or not the SELECT reads it.
            let reports = try counted?.decode(Int64.self) ?? 0
            let cases = try await connection.query(
                """
                DELETE FROM moderation.cases WHERE status = 'open' AND (author_id = \(user) OR report_count <= 0) RETURNING id
                """, logger: logger
            ).collect().count
            let snapshots = try await connection.query(
                """
                UPDATE moderation.cases SET snapshot = snapshot || '{"title": "", "text": "", "mediaIDs": [], "placeName": ""}'::jsonb
                WHERE author_id = \(user)
                  AND (snapshot->>'title' <> '' OR snapshot->>'text' <> '' OR snapshot->'mediaIDs' <> '[]'::jsonb OR snapshot->>'placeName' <> '')
                RETURNING id
                """, logger: logger
            ).collect().count
            return ForgottenCases(reports: Int(reports), cases: cases, snapshots: snapshots)
        }
    }
}
