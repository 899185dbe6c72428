import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    /// A story's score as `StoryScore.points` computes it, from its counter shards.
    static let pointsSQL = """
        coalesce((SELECT sum(c.likes * \(StoryScore.pointsPerLike) + c.comments * \(StoryScore.pointsPerComment) \
        + c.views * \(StoryScore.pointsPerView)) FROM feed.counters c WHERE c.subject_kind = 'post' AND c.subject_id = p.id), 0)
        """

    /// Every filter is bound and switched off when absent, so one statement serves every query; the
    /// server plans each call with its real values, so an absent filter costs nothing.
    public func stories(matching query: StoryQuery, hiding hiddenAuthors: Set<UUID>, page: PageRequest, now: Date) async throws -> Page<Post> {
        let sortValue =
            switch query.order {
            case .recent: "0"
            case .topWeek, .topMonth, .topYear, .topAllTime: Self.pointsSQL
            case .trending: "p.hot_rank"
            }
        var circle: (center: GeoPoint, radius: Double)?
        var box: (south: Double, west: Double, north: Double, east: Double)?
        switch query.area {
        case .circle(let center, let radius): circle = (center, radius)
        case .box(let south, let west, let north, let east): box = (south, west, north, east)
        case nil: break
        }
        let (afterValue, afterID): (Double?, UUID?) =
            if query.order == .recent {
                (0, try PostCursor.decode(page.cursor))
            } else {
                try StoryCursor.decode(page.cursor).map { ($0.value, $0.id) } ?? (nil, nil)
            }
        let since = query.order.window.map { now.addingTimeInterval(-$0) }
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns), sort_value FROM (
                SELECT p.*, (\(unescaped: sortValue))::float8 AS sort_value FROM feed.posts p
                WHERE p.place_name IS NOT NULL AND p.taken_down_at IS NULL
                  AND NOT (p.author_id = ANY(\(Array(hiddenAuthors))))
                  AND (\(circle == nil) OR ST_DWithin(p.location, ST_MakePoint(\(circle?.center.longitude ?? 0),
                       \(circle?.center.latitude ?? 0))::geography, \(circle?.radius ?? 0), false))
                  AND (\(box == nil) OR (p.place_latitude BETWEEN \(box?.south ?? 0) AND \(box?.north ?? 0)
                       AND CASE WHEN \(box?.west ?? 0) <= \(box?.east ?? 0) THEN p.place_longitude BETWEEN \(box?.west ?? 0) AND \(box?.east ?? 0)
                                ELSE p.place_longitude >= \(box?.west ?? 0) OR p.place_longitude <= \(box?.east ?? 0) END))
                  AND (\(query.text)::text IS NULL OR p.search @@ websearch_to_tsquery('simple', \(query.text)))
                  AND (\(query.tag)::text IS NULL OR p.tags @> ARRAY[\(query.tag)::text])
                  AND (\(query.author)::uuid IS NULL OR p.author_id = \(query.author))
                  AND (\(query.placeName)::text IS NULL OR strpos(lower(p.place_name), lower(\(query.placeName))) > 0)
                  AND (\(since)::timestamptz IS NULL OR p.created_at >= \(since))
            ) stories
            WHERE \(afterID)::uuid IS NULL OR (sort_value, id) < (\(afterValue), \(afterID))
            ORDER BY sort_value DESC, id DESC LIMIT \(page.size + 1)
            """)
        var fetched: [(post: Post, value: Double)] = []
        for row in rows {
            fetched.append((try Self.decode(row), try row.decode(Double.self, named: "sort_value")))
        }
        let order = query.order
        return Page(fetched: fetched, size: page.size) { last in
            order == .recent ? PostCursor.encode(after: last.post) : StoryCursor.encode(value: last.value, id: last.post.id)
        }.map(\.post)
    }

    /// One statement: the viewer's row and the count move together, once per user, story and UTC day.
    public func recordView(of story: UUID, by user: UUID, at time: Date) async throws -> Bool {
        try await !database.query(
            """
            WITH viewed AS (
                INSERT INTO feed.story_viewers AS v (post_id, user_id, last_day, views)
                SELECT \(story), \(user), (\(time)::timestamptz AT TIME ZONE 'UTC')::date, 1
                WHERE EXISTS (SELECT 1 FROM feed.posts WHERE id = \(story) AND place_name IS NOT NULL FOR KEY SHARE)
                ON CONFLICT (post_id, user_id) DO UPDATE SET last_day = excluded.last_day, views = v.views + 1
                WHERE v.last_day < excluded.last_day
                RETURNING 1)
            INSERT INTO feed.counters (subject_kind, subject_id, shard, views)
            SELECT 'post', \(story), \(Self.shard(of: user)), 1 FROM viewed
            ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET views = feed.counters.views + 1
            RETURNING 1
            """
        ).isEmpty
    }

    /// One replica ranks at a time (the others skip their turn); the formula is `StoryScore.hotRank`.
    public func refreshTrending(at time: Date) async throws -> Int {
        try await database.transaction { connection in
            let locked =
                try await connection.query("SELECT pg_try_advisory_xact_lock(hashtext('feed.trending'))", logger: logger)
                .collect().first?.decode(Bool.self) ?? false
            guard locked else { return 0 }
            let since = time.addingTimeInterval(-(StoryOrder.trending.window ?? 0))
            let ranked = try await connection.query(
                """
                UPDATE feed.posts p
                SET hot_rank = log(greatest(2, (\(unescaped: Self.pointsSQL))::float8 / \(StoryScore.pointsPerLike) + 2))
                             / power(greatest(0, extract(epoch FROM \(time)::timestamptz - p.created_at)::float8) / 3600 + 2, 1.8)
                WHERE p.place_name IS NOT NULL AND p.created_at >= \(since)
                RETURNING 1
                """, logger: logger
            ).collect().count
            try await connection.query(
                """
                UPDATE feed.posts SET hot_rank = 0 WHERE place_name IS NOT NULL AND created_at < \(since) AND hot_rank <> 0
                """, logger: logger)
            return ranked
        }
    }

    public func timeline(of user: UUID, authors: Set<UUID>, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try PostCursor.decode(page.cursor)
        let posts = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM feed.posts p
            WHERE p.event_id IS NULL AND p.taken_down_at IS NULL
              AND NOT (p.author_id = ANY(\(Array(hiddenAuthors))))
              AND (\(after == nil) OR p.id < \(after ?? UUID()))
              AND (p.author_id = ANY(\(Array(authors)))
                   OR (p.location IS NOT NULL AND EXISTS (
                       SELECT 1 FROM feed.followed_places f
                       WHERE f.user_id = \(user) AND ST_DWithin(f.location, p.location, f.radius_meters, false))))
            ORDER BY p.id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(fetched: posts, size: page.size, cursor: PostCursor.encode(after:))
    }

    /// The user's views go with the counts they made (all on the user's counter shard, so no counter
    /// row is touched twice).
    public func forgetReader(_ user: UUID) async throws {
        try await database.transaction { connection in
            try await connection.query("DELETE FROM feed.saves WHERE user_id = \(user)", logger: logger)
            try await connection.query("DELETE FROM feed.followed_places WHERE user_id = \(user)", logger: logger)
            try await connection.query(
                """
                WITH unviewed AS (DELETE FROM feed.story_viewers WHERE user_id = \(user) RETURNING post_id, views)
                INSERT INTO feed.counters (subject_kind, subject_id, shard, views)
                SELECT 'post', post_id, \(Self.shard(of: user)), -views FROM unviewed
                ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET views = feed.counters.views + excluded.views
                """, logger: logger)
        }
    }
}
