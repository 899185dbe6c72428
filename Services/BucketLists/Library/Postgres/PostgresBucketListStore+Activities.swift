import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Activities in PostgreSQL. A vote takes a lock for its voter and activity only (an advisory lock), so
/// voters never wait for each other; the counts are summed from 16 shards, one of which each voter's
/// change lands in. Votes, counters and the rank queue have no foreign key to the activity (it would lock
/// the activity's row for every voter): deleting an activity deletes them too.
extension PostgresBucketListStore: ActivityRepository {
    static let counterShards = 16

    static let activityColumns = """
        a.id, a.author_id, a.name, a.description, ST_Y(a.point::geometry), ST_X(a.point::geometry), a.place_name, a.starts_at, a.ends_at,
        a.media_ids, a.tags, a.created_at, a.updated_at,
        (SELECT coalesce(sum(c.up), 0)::int8 FROM bucketlists.vote_counters c WHERE c.activity_id = a.id) AS up_count,
        (SELECT coalesce(sum(c.down), 0)::int8 FROM bucketlists.vote_counters c WHERE c.activity_id = a.id) AS down_count,
        (SELECT count(DISTINCT i.list_id) FROM bucketlists.items i WHERE i.source_activity_id = a.id) AS list_count,
        a.taken_down_at, a.takedown_reason, a.taken_down_by
        """

    static func decodeActivity(_ row: PostgresRow) throws -> Activity {
        let (
            id, author, name, description, latitude, longitude, placeName, startsAt, endsAt, media, tags, created, updated, up, down, lists, downAt,
            downReason, downBy
        ) = try row.decode(
            (
                UUID, UUID, String, String, Double, Double, String, Date?, Date?, [UUID], [String], Date, Date, Int64, Int64, Int64, Date?, String?,
                String?
            )
            .self)
        let window = startsAt.flatMap { start in endsAt.map { TimeWindow(startsAt: start, endsAt: $0) } }
        let details = ActivityDetails(
            name: name, description: description, place: NamedPlace(point: GeoPoint(latitude: latitude, longitude: longitude), name: placeName),
            window: window, mediaIDs: media, tags: tags)
        var activity = Activity(
            id: id, authorID: author, details: details, votes: VoteCounts(up: Int(up), down: Int(down)), listCount: Int(lists),
            createdAt: created, updatedAt: updated)
        activity.takedown = takedown(at: downAt, reason: downReason, by: downBy)
        return activity
    }

    public func setTakedown(ofActivity id: UUID, _ takedown: Takedown?) async throws -> Activity? {
        try await database.query(
            """
            UPDATE bucketlists.activities a SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE a.id = \(id) RETURNING \(unescaped: Self.activityColumns)
            """
        ).first.map(Self.decodeActivity)
    }

    /// The counter shard a voter's changes land in.
    static func shard(of user: UUID) -> Int16 {
        Int16(user.uuid.15 % UInt8(counterShards))
    }

    public func create(_ activity: Activity, idempotencyKey: String?) async throws -> Activity {
        let details = activity.details, point = details.place.point
        let inserted = try await database.query(
            """
            INSERT INTO bucketlists.activities (id, author_id, name, description, point, place_name, starts_at, ends_at, media_ids, tags,
                                                created_at, updated_at, idempotency_key, idempotency_fingerprint, rank)
            VALUES (\(activity.id), \(activity.authorID), \(details.name), \(details.description),
                    ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, \(details.place.name),
                    \(details.window?.startsAt), \(details.window?.endsAt), \(details.mediaIDs), \(details.tags),
                    \(activity.createdAt), \(activity.updatedAt), \(idempotencyKey), \(IdempotentRequest.fingerprint), \(TrendingRank.rank(VoteCounts(), createdAt: activity.createdAt)))
            ON CONFLICT (author_id, idempotency_key) DO NOTHING
            RETURNING id
            """)
        var id = activity.id
        if inserted.isEmpty {
            // The key was used before: that first activity is the answer.
            guard
                let first = try await database.query(
                    """
                    SELECT id FROM bucketlists.activities WHERE author_id = \(activity.authorID) AND idempotency_key = \(idempotencyKey)
                    """
                ).first
            else { throw RoamError.internal }
            id = try first.decode(UUID.self)
            try await database.checkReplay(of: "bucketlists.activities", id: id)
        }
        guard let stored = try await self.activity(id) else { throw RoamError.internal }
        return stored
    }

    public func activity(_ id: UUID) async throws -> Activity? {
        try await database.query("SELECT \(unescaped: Self.activityColumns) FROM bucketlists.activities a WHERE a.id = \(id)")
            .first.map(Self.decodeActivity)
    }

    public func update(_ id: UUID, author: UUID, details: ActivityDetails, at time: Date) async throws -> Activity? {
        let point = details.place.point
        let updated = try await database.query(
            """
            UPDATE bucketlists.activities SET name = \(details.name), description = \(details.description),
                point = ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, place_name = \(details.place.name),
                starts_at = \(details.window?.startsAt), ends_at = \(details.window?.endsAt), media_ids = \(details.mediaIDs),
                tags = \(details.tags), updated_at = \(time)
            WHERE id = \(id) AND author_id = \(author) RETURNING id
            """)
        return updated.isEmpty ? nil : try await activity(id)
    }

    public func delete(_ id: UUID, author: UUID) async throws -> Activity? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let activity = try await connection.query(
                    """
                    SELECT \(unescaped: Self.activityColumns) FROM bucketlists.activities a WHERE a.id = \(id) AND a.author_id = \(author) FOR UPDATE
                    """, logger: logger
                ).collect().first.map(Self.decodeActivity)
            else { return nil }
            try await Self.deleteActivities([id], connection, logger)
            return activity
        }
    }

    public func vote(_ vote: Vote?, on id: UUID, by user: UUID) async throws -> (activity: Activity, previous: Vote?)? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                try await !connection.query("SELECT 1 FROM bucketlists.activities WHERE id = \(id)", logger: logger)
                    .collect().isEmpty
            else { return nil }
            // Only this voter's votes on this activity wait for each other.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\(id.lowercasedString + user.lowercasedString), 7))",
                logger: logger)
            let old = try await connection.query(
                """
                SELECT vote FROM bucketlists.votes WHERE activity_id = \(id) AND user_id = \(user)
                """, logger: logger
            ).collect().first?.decode(Int16.self)
            let new: Int16? = vote.map { $0 == .up ? 1 : -1 }
            if old != new {
                if let new {
                    try await connection.query(
                        """
                        INSERT INTO bucketlists.votes (activity_id, user_id, vote) VALUES (\(id), \(user), \(new))
                        ON CONFLICT (activity_id, user_id) DO UPDATE SET vote = EXCLUDED.vote
                        """, logger: logger)
                } else {
                    try await connection.query("DELETE FROM bucketlists.votes WHERE activity_id = \(id) AND user_id = \(user)", logger: logger)
                }
                let up = (new == 1 ? 1 : 0) - (old == 1 ? 1 : 0), down = (new == -1 ? 1 : 0) - (old == -1 ? 1 : 0)
                try await connection.query(
                    """
                    INSERT INTO bucketlists.vote_counters (activity_id, shard, up, down) VALUES (\(id), \(Self.shard(of: user)), \(up), \(down))
                    ON CONFLICT (activity_id, shard) DO UPDATE
                        SET up = bucketlists.vote_counters.up + EXCLUDED.up, down = bucketlists.vote_counters.down + EXCLUDED.down
                    """, logger: logger)
                try await connection.query("INSERT INTO bucketlists.rank_queue VALUES (\(id)) ON CONFLICT DO NOTHING", logger: logger)
            }
            let activity = try await connection.query(
                """
                SELECT \(unescaped: Self.activityColumns) FROM bucketlists.activities a WHERE a.id = \(id)
                """, logger: logger
            ).collect().first.map(Self.decodeActivity)
            return try activity.map { ($0, old.map { $0 == 1 ? .up : .down }) }
        }
    }

    public func votes(by user: UUID, on ids: [UUID]) async throws -> [UUID: Vote] {
        guard !ids.isEmpty else { return [:] }
        var votes: [UUID: Vote] = [:]
        for row in try await database.query(
            """
            SELECT activity_id, vote FROM bucketlists.votes WHERE user_id = \(user) AND activity_id = ANY(\(ids))
            """)
        {
            let (id, vote) = try row.decode((UUID, Int16).self)
            votes[id] = vote == 1 ? .up : .down
        }
        return votes
    }

    public func search(_ query: ActivityQuery, page: PageRequest) async throws -> Page<(activity: Activity, meters: Double?)> {
        let offset = try OffsetCursor.decode(page.cursor)
        let center = query.area?.center
        var circle: (center: GeoPoint, meters: Double)?
        var boxes: [MapBox] = []
        switch query.area {
        case .circle(let center, let meters): circle = (center, meters)
        case .box(let box):
            // A box across the antimeridian is two boxes, one each side.
            boxes =
                box.crossesAntimeridian
                ? [
                    MapBox(southWest: box.southWest, northEast: GeoPoint(latitude: box.northEast.latitude, longitude: 180)),
                    MapBox(southWest: GeoPoint(latitude: box.southWest.latitude, longitude: -180), northEast: box.northEast),
                ]
                : [box]
        case nil: break
        }
        let words = query.text.map(ActivityQuery.words) ?? []
        let order =
            switch query.order {
            case .score:
                "(SELECT coalesce(sum(c.up - c.down), 0) FROM bucketlists.vote_counters c WHERE c.activity_id = a.id) DESC, a.created_at DESC, a.id DESC"
            case .distance: "meters, a.created_at DESC, a.id DESC"
            case .newest: "a.created_at DESC, a.id DESC"
            }
        // One level, so PostgreSQL counts votes and lists only for the page's rows, after the sort.
        let rows = try await database.query(
            """
                SELECT \(unescaped: Self.activityColumns),
                       CASE WHEN \(center == nil) THEN NULL
                            ELSE ST_Distance(a.point, ST_SetSRID(ST_MakePoint(\(center?.longitude ?? 0), \(center?.latitude ?? 0)), 4326)::geography, false)
                       END AS meters
                FROM bucketlists.activities a
                WHERE (\(circle == nil) OR ST_DWithin(a.point, ST_SetSRID(ST_MakePoint(\(circle?.center.longitude ?? 0),
                                                                                         \(circle?.center.latitude ?? 0)), 4326)::geography,
                                                     \(circle?.meters ?? 0), false))
                  AND (\(boxes.isEmpty) OR ST_Intersects(a.point::geometry, ST_MakeEnvelope(\(boxes.first?.southWest.longitude ?? 0),
                                                         \(boxes.first?.southWest.latitude ?? 0), \(boxes.first?.northEast.longitude ?? 0),
                                                         \(boxes.first?.northEast.latitude ?? 0), 4326))
                       OR (\(boxes.count == 2) AND ST_Intersects(a.point::geometry, ST_MakeEnvelope(\(boxes.last?.southWest.longitude ?? 0),
                                                         \(boxes.last?.southWest.latitude ?? 0), \(boxes.last?.northEast.longitude ?? 0),
                                                         \(boxes.last?.northEast.latitude ?? 0), 4326))))
                  AND (\(words.isEmpty) OR a.search @@ to_tsquery('simple', \(words.joined(separator: " & "))))
                  AND NOT a.author_id = ANY(\(Array(query.hiddenAuthors)))
                  AND (\(query.author == nil) OR a.author_id = \(query.author ?? UUID()))
                  AND (\(query.tag == nil) OR a.tags @> ARRAY[\(query.tag ?? "")]::text[])
                  AND (\(query.happeningAt == nil) OR (a.starts_at <= \(query.happeningAt ?? Date()) AND \(query.happeningAt ?? Date()) < a.ends_at))
            ORDER BY \(unescaped: order) OFFSET \(offset) LIMIT \(page.size + 1)
            """)
        var found: [(activity: Activity, meters: Double?)] = []
        for row in rows {
            found.append((try Self.decodeActivity(row), try row.decode(Double?.self, named: "meters")))
        }
        return Page(items: Array(found.prefix(page.size)), nextCursor: found.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func trending(
        near point: GeoPoint, within meters: Double, hiding hiddenAuthors: Set<UUID>, limit: Int
    ) async throws
        -> [(activity: Activity, meters: Double)]
    {
        var found: [(activity: Activity, meters: Double)] = []
        for row in try await database.query(
            """
            SELECT \(unescaped: Self.activityColumns),
                   ST_Distance(a.point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, false) AS meters
            FROM bucketlists.activities a
            WHERE ST_DWithin(a.point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, \(meters), false)
              AND NOT a.author_id = ANY(\(Array(hiddenAuthors)))
            ORDER BY a.rank DESC, a.created_at DESC, a.id DESC LIMIT \(limit)
            """)
        {
            found.append((try Self.decodeActivity(row), try row.decode(Double.self, named: "meters")))
        }
        return found
    }

    /// `TrendingRank` in SQL for the queued activities: log₂ of the Wilson lower bound of the summed
    /// counts (or `unvoted`), plus weeks since the reference day. Replicas share the queue: each takes
    /// rows the others have not locked.
    public func rankVoted(limit: Int) async throws -> Int {
        try await database.query(
            """
            WITH due AS (
                DELETE FROM bucketlists.rank_queue
                WHERE activity_id IN (SELECT activity_id FROM bucketlists.rank_queue LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                RETURNING activity_id)
            UPDATE bucketlists.activities a SET rank = r.rank FROM (
                SELECT a.id, CASE WHEN v.bound > 0 THEN ln(v.bound) / ln(2) ELSE \(TrendingRank.unvoted) END
                             + extract(epoch FROM a.created_at - \(TrendingRank.reference)) / \(TrendingRank.halfLife) AS rank
                FROM due JOIN bucketlists.activities a ON a.id = due.activity_id,
                     LATERAL (SELECT coalesce(sum(up + down), 0)::float8 AS n, coalesce(sum(up), 0)::float8 AS up
                              FROM bucketlists.vote_counters c WHERE c.activity_id = a.id) s,
                     LATERAL (SELECT CASE WHEN s.n = 0 THEN 0 ELSE
                                  ((s.up / s.n + 3.8414588 / (2 * s.n)
                                    - 1.959964 * sqrt(((s.up / s.n) * (1 - s.up / s.n) + 3.8414588 / (4 * s.n)) / s.n)) / (1 + 3.8414588 / s.n))
                                  END AS bound) v) r
            WHERE a.id = r.id
            RETURNING 1
            """
        ).count
    }

    public func deleteAll(of user: UUID) async throws -> [Activity] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let theirs = try await connection.query(
                """
                SELECT \(unescaped: Self.activityColumns) FROM bucketlists.activities a WHERE a.author_id = \(user) FOR UPDATE
                """, logger: logger
            ).collect().map(Self.decodeActivity)
            try await connection.query("DELETE FROM bucketlists.favourites WHERE user_id = \(user)", logger: logger)
            try await Self.deleteActivities(theirs.map(\.id), connection, logger)
            // Their votes elsewhere are withdrawn, and each activity's counts come down by as many.
            try await connection.query(
                """
                WITH gone AS (DELETE FROM bucketlists.votes WHERE user_id = \(user) RETURNING activity_id, vote),
                counted AS (
                    INSERT INTO bucketlists.vote_counters (activity_id, shard, up, down)
                    SELECT activity_id, \(Self.shard(of: user)), -count(*) FILTER (WHERE vote = 1), -count(*) FILTER (WHERE vote = -1) FROM gone
                    GROUP BY activity_id
                    ON CONFLICT (activity_id, shard) DO UPDATE
                        SET up = bucketlists.vote_counters.up + EXCLUDED.up, down = bucketlists.vote_counters.down + EXCLUDED.down
                    RETURNING activity_id)
                INSERT INTO bucketlists.rank_queue SELECT DISTINCT activity_id FROM counted ON CONFLICT DO NOTHING
                """, logger: logger)
            return theirs
        }
    }

    /// Deletes activities with their votes, counters and rank queue entries.
    static func deleteActivities(_ ids: [UUID], _ connection: TracedConnection, _ logger: Logger) async throws {
        guard !ids.isEmpty else { return }
        try await connection.query("DELETE FROM bucketlists.votes WHERE activity_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM bucketlists.vote_counters WHERE activity_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM bucketlists.rank_queue WHERE activity_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM bucketlists.activities WHERE id = ANY(\(ids))", logger: logger)
    }
}
