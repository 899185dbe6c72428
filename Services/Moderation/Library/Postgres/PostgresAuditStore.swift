import Foundation
import PostgresNIO
import RoamRuntime

/// The audit log in the `moderation` schema.
public struct PostgresAuditStore: AuditRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func record(_ entry: AuditEntry) async throws {
        try await database.query(
            """
            INSERT INTO moderation.audit (id, at, actor, action, subject_kind, subject_id, reason, before, after)
            VALUES (\(entry.id), \(entry.at), \(entry.actor), \(entry.action.rawValue), \(entry.subject.kind.rawValue), \(entry.subject.id),
                    \(entry.reason), \(entry.before)::jsonb, \(entry.after)::jsonb)
            """)
    }

    public func entries(_ filter: AuditFilter, page: PageRequest) async throws -> Page<AuditEntry> {
        let before = try page.cursor.map { token throws(RoamError) in try AuditCursor.position(from: token) }
        let rows = try await database.query(
            """
            SELECT id, at, actor, action, subject_kind, subject_id, reason, before::text, after::text, position FROM moderation.audit
            WHERE (\(filter.actor)::text IS NULL OR actor = \(filter.actor))
              AND (\(filter.kind?.rawValue)::text IS NULL OR subject_kind = \(filter.kind?.rawValue))
              AND (\(filter.subjectID)::uuid IS NULL OR subject_id = \(filter.subjectID))
              AND (\(before)::bigint IS NULL OR position < \(before))
            ORDER BY position DESC LIMIT \(page.size + 1)
            """)
        let found = try rows.map { row in
            let (id, at, actor, action, kind, subjectID, reason, before, after, position) = try row.decode(
                (UUID, Date, String, String, String, UUID, String, String, String, Int64).self)
            guard let action = AuditAction(rawValue: action), let kind = SubjectKind(rawValue: kind) else { throw RoamError.internal }
            let entry = AuditEntry(
                id: id, at: at, actor: actor, action: action, subject: Subject(kind: kind, id: subjectID), reason: reason, before: before,
                after: after)
            return (entry, position)
        }
        let items = Array(found.prefix(page.size))
        return Page(items: items.map(\.0), nextCursor: found.count > page.size ? items.last.map { AuditCursor.token($0.1) } : nil)
    }

    public func forget(before time: Date) async throws -> Int {
        try await database.query("DELETE FROM moderation.audit WHERE at < \(time) RETURNING id").count
    }

    public func redact(user: UUID) async throws -> Int {
        let id = user.lowercasedString
        return try await database.query(
            """
            UPDATE moderation.audit SET before = '{}'::jsonb, after = '{}'::jsonb
            WHERE ((subject_kind = 'user' AND subject_id = \(user)) OR lower(before->>'authorID') = \(id) OR lower(after->>'authorID') = \(id))
              AND (before <> '{}'::jsonb OR after <> '{}'::jsonb)
            RETURNING id
            """
        ).count
    }
}
