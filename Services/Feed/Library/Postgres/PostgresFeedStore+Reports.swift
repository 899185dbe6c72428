import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    static let reportColumns = "id, subject_kind, subject_id, reporter_id, reason, text, created_at, event_id"

    static func decodeReport(_ row: PostgresRow) throws -> ContentReport {
        let (id, kind, subject, reporter, reason, text, created, event) =
            try row.decode((UUID, String, UUID, UUID, String, String, Date, UUID?).self)
        return ContentReport(
            id: id, subject: Subject(Subject.Kind(rawValue: kind) ?? .post, subject), reporterID: reporter,
            reason: ContentReport.Reason(rawValue: reason) ?? .other, text: text, createdAt: created, eventID: event)
    }

    public func addReport(_ report: ContentReport) async throws -> Bool {
        try await database.transaction { connection in
            // Share-locking the subject keeps a concurrent delete from leaving the report behind.
            guard try await Self.lockLive(report.subject, connection, logger) else { return false }
            return try await !connection.query(
                """
                INSERT INTO feed.reports (id, subject_kind, subject_id, reporter_id, reason, text, created_at, event_id)
                VALUES (\(report.id), \(report.subject.kind.rawValue), \(report.subject.id), \(report.reporterID), \(report.reason.rawValue),
                        \(report.text), \(report.createdAt), \(report.eventID))
                ON CONFLICT (subject_kind, subject_id, reporter_id) DO NOTHING
                RETURNING 1
                """, logger: logger
            ).collect().isEmpty
        }
    }

    public func reports(inEvent event: UUID, page: PageRequest) async throws -> Page<ContentReport> {
        let after = try ReportCursor.decode(page.cursor)
        return Page(
            fetched: try await database.query(
                """
                SELECT \(unescaped: Self.reportColumns) FROM feed.reports
                WHERE event_id = \(event) AND (\(after == nil) OR id < \(after ?? UUID()))
                ORDER BY id DESC LIMIT \(page.size + 1)
                """
            ).map(Self.decodeReport), size: page.size, cursor: ReportCursor.encode(after:))
    }

    public func storyReports(page: PageRequest) async throws -> Page<ContentReport> {
        let after = try ReportCursor.decode(page.cursor)
        return Page(
            fetched: try await database.query(
                """
                SELECT \(unescaped: Self.reportColumns) FROM feed.reports
                WHERE event_id IS NULL AND (\(after == nil) OR id < \(after ?? UUID()))
                ORDER BY id DESC LIMIT \(page.size + 1)
                """
            ).map(Self.decodeReport), size: page.size, cursor: ReportCursor.encode(after:))
    }

    public func deleteReports(by reporter: UUID) async throws -> Int {
        try await database.query("DELETE FROM feed.reports WHERE reporter_id = \(reporter) RETURNING 1").count
    }
}
