import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Favourite activities: a row per user and activity, going with the activity (a foreign key).
extension PostgresBucketListStore {
    public func favourite(_ id: UUID, by user: UUID, at time: Date) async throws -> Bool? {
        let rows = try await database.query(
            """
            WITH activity AS (SELECT id FROM bucketlists.activities WHERE id = \(id)),
            added AS (
                INSERT INTO bucketlists.favourites (user_id, activity_id, created_at) SELECT \(user), id, \(time) FROM activity
                ON CONFLICT (user_id, activity_id) DO NOTHING
                RETURNING 1)
            SELECT (SELECT count(*) FROM activity)::int8, (SELECT count(*) FROM added)::int8
            """)
        guard let (found, added) = try rows.first?.decode((Int64, Int64).self), found > 0 else { return nil }
        return added > 0
    }

    public func unfavourite(_ id: UUID, by user: UUID) async throws -> Bool {
        try await !database.query(
            """
            DELETE FROM bucketlists.favourites WHERE user_id = \(user) AND activity_id = \(id) RETURNING 1
            """
        ).isEmpty
    }

    public func favourites(by user: UUID, among ids: [UUID]) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try await database.query(
                """
                SELECT activity_id FROM bucketlists.favourites WHERE user_id = \(user) AND activity_id = ANY(\(ids))
                """
            ).map { try $0.decode(UUID.self) })
    }

    public func favouriteActivities(of user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Activity> {
        let offset = try OffsetCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.activityColumns) FROM bucketlists.favourites f JOIN bucketlists.activities a ON a.id = f.activity_id
            WHERE f.user_id = \(user) AND NOT a.author_id = ANY(\(Array(hiddenAuthors)))
            ORDER BY f.created_at DESC, a.id DESC OFFSET \(offset) LIMIT \(page.size + 1)
            """
        ).map(Self.decodeActivity)
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }
}
