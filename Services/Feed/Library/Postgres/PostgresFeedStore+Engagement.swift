import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    /// One statement (`LikeStatement`): the like and its count go in together or not at all. Each
    /// user's likes land on one of a few counter rows, so a hot post's likers rarely wait for each other.
    /// A like with news for the owner also queues it, with the count it brought, in the same transaction.
    public func like(_ subject: Subject, by user: UUID, at time: Date, telling notice: LikeNotice?) async throws -> Bool {
        let statement = LikeStatement(subject: subject, user: user, time: time, shard: Self.shard(of: user))
        guard let notice else { return try await !database.execute(statement).isEmpty }
        return try await database.transaction { connection in
            let liked = try await connection.query(PostgresQuery(unsafeSQL: LikeStatement.sql, binds: try statement.makeBindings()), logger: logger)
            guard try await liked.collect().isEmpty == false else { return false }
            let counted = try await connection.query(
                """
                SELECT coalesce(sum(likes), 0)::bigint FROM feed.counters WHERE subject_kind = \(subject.kind.rawValue) AND subject_id = \(subject.id)
                """, logger: logger
            ).collect()
            let count = try counted.first?.decode(Int.self) ?? 1
            try await PostgresPublicationQueue.insert(
                [notice.publication(count: count)], schema: FeedMigrations.schema, at: time, on: connection, logger: logger)
            return true
        }
    }

    public func unlike(_ subject: Subject, by user: UUID) async throws -> Bool {
        try await !database.execute(UnlikeStatement(subject: subject, user: user, shard: Self.shard(of: user))).isEmpty
    }

    /// One statement: each like the user gave goes, and its subject's count with it (the user's likes
    /// all sit on the same counter shard, so no counter row is touched twice).
    public func unlikeAll(by user: UUID) async throws -> Int {
        try await database.query(
            """
            WITH unliked AS (DELETE FROM feed.likes WHERE user_id = \(user) RETURNING subject_kind, subject_id)
            INSERT INTO feed.counters (subject_kind, subject_id, shard, likes)
            SELECT subject_kind, subject_id, \(Self.shard(of: user)), -1 FROM unliked
            ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET likes = feed.counters.likes - 1
            RETURNING 1
            """
        ).count
    }

    public func likers(of subject: Subject, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Like> {
        let after = try TimedCursor.decode(page.cursor)
        let likes = try await database.query(
            """
            SELECT user_id, created_at FROM feed.likes
            WHERE subject_kind = \(subject.kind.rawValue) AND subject_id = \(subject.id) AND NOT (user_id = ANY(\(Array(hidden))))
              AND (\(after == nil) OR (created_at, user_id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY created_at DESC, user_id DESC LIMIT \(page.size + 1)
            """
        ).map { row in
            let (user, time) = try row.decode((UUID, Date).self)
            return Like(userID: user, likedAt: time)
        }
        return Page(fetched: likes, size: page.size) { TimedCursor(time: $0.likedAt, id: $0.userID).token }
    }

    public func likedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columnsOfP), l.created_at AS liked_at
            FROM feed.likes l JOIN feed.posts p ON p.id = l.subject_id
            WHERE l.user_id = \(user) AND l.subject_kind = 'post' AND NOT (p.author_id = ANY(\(Array(hiddenAuthors))))
              AND (\(after == nil) OR (l.created_at, l.subject_id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY l.created_at DESC, l.subject_id DESC LIMIT \(page.size + 1)
            """)
        var fetched: [(post: Post, likedAt: Date)] = []
        for row in rows {
            fetched.append((try Self.decode(row), try row.decode(Date.self, named: "liked_at")))
        }
        return Page(fetched: fetched, size: page.size) { TimedCursor(time: $0.likedAt, id: $0.post.id).token }.map(\.post)
    }

    /// One statement for the counts, "liked by me" and "saved by me" (`EngagementStatement`): every read
    /// of a post and every like ends here, and three round trips were most of a like's time in the database.
    public func engagement(of kind: Subject.Kind, ids: [UUID], viewer: UUID) async throws -> [UUID: Engagement] {
        var result: [UUID: Engagement] = [:]
        for row in try await database.execute(EngagementStatement(kind: kind, ids: ids, viewer: viewer)) {
            let (id, likes, comments, views, liked, saved) = try row.decode((UUID, Int?, Int?, Int?, Bool, Bool).self)
            // A subject without counters, likes or saves is left out, as callers read a missing one as zero.
            guard likes != nil || liked || saved else { continue }
            result[id] = Engagement(likes: likes ?? 0, comments: comments ?? 0, views: views ?? 0, likedByMe: liked, savedByMe: saved)
        }
        return result
    }
}
