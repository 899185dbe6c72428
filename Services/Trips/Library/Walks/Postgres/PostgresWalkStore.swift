import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Walks in PostgreSQL (schema `trips`, PostGIS). A walk's points are rows of `walk_points`; when it is
/// finished its `path` (a line, or its start while it has fewer than two points) is drawn from them once
/// and indexed, so "passes near" is one GiST lookup. Points of interest and the preview are JSON on the
/// walk's row; the words searched are a `tsvector` kept beside them.
public struct PostgresWalkStore: WalkRepository {
    let database: Database

    static let columns = """
        w.id, w.owner_id, w.title, w.description, w.tags, ST_Y(w.start_point::geometry), ST_X(w.start_point::geometry), w.start_name,
        ST_Y(w.destination_point::geometry), ST_X(w.destination_point::geometry), w.destination_name, w.started_at, w.finished_at,
        w.closed_automatically, w.visibility, w.point_count, w.distance_meters, w.preview::text, w.points_of_interest::text, w.media_ids,
        w.rating_sum, w.rating_count, w.created_at, w.updated_at, w.route_id, w.taken_down_at, w.takedown_reason, w.taken_down_by
        """

    static func decode(_ row: PostgresRow) throws -> Walk {
        let (
            id, owner, title, description, tags, startLatitude, startLongitude, startName, destinationLatitude, destinationLongitude,
            destinationName, startedAt, finishedAt, closedAutomatically, visibilityName, pointCount, distance, preview, pointsOfInterest,
            mediaIDs, ratingSum, ratingCount, createdAt, updatedAt, routeID, downAt, downReason, downBy
        ) = try row.decode(
            (
                UUID, UUID, String, String, [String], Double, Double, String, Double?, Double?, String?, Date, Date?, Bool, String, Int32,
                Double, String, String, [UUID], Int32, Int32, Date, Date, UUID?, Date?, String?, String?
            ).self)
        let destination: WalkPlace? =
            if let destinationLatitude, let destinationLongitude, let destinationName {
                WalkPlace(point: GeoPoint(latitude: destinationLatitude, longitude: destinationLongitude), name: destinationName)
            } else {
                nil
            }
        let decoder = JSONDecoder()
        guard let visibility = WalkVisibility(rawValue: visibilityName) else { throw RoamError.internal }
        var walk = Walk(
            id: id, ownerID: owner, details: WalkDetails(title: title, description: description, tags: tags),
            start: WalkPlace(point: GeoPoint(latitude: startLatitude, longitude: startLongitude), name: startName),
            destination: destination, routeID: routeID, startedAt: startedAt, finishedAt: finishedAt,
            closedAutomatically: closedAutomatically, visibility: visibility,
            route: WalkRoute(
                distanceMeters: distance, pointCount: Int(pointCount), preview: try decoder.decode([GeoPoint].self, from: Data(preview.utf8))),
            pointsOfInterest: try decoder.decode([PointOfInterest].self, from: Data(pointsOfInterest.utf8)),
            mediaIDs: mediaIDs, ratingSum: Int(ratingSum), ratingCount: Int(ratingCount), createdAt: createdAt, updatedAt: updatedAt)
        walk.takedown = downAt.map { Takedown(at: $0, reason: downReason ?? "", by: downBy ?? "") }
        return walk
    }

    public func setTakedown(ofWalk id: UUID, _ takedown: Takedown?) async throws -> Walk? {
        try await database.query(
            """
            UPDATE trips.walks w SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE w.id = \(id) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    static func json<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    public func create(_ walk: Walk, points: [TrackPoint], idempotencyKey: String?) async throws -> Walk {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let destination = walk.destination
            let inserted = try await connection.query(
                """
                INSERT INTO trips.walks AS w (id, owner_id, idempotency_key, idempotency_fingerprint, title, description, tags, start_point, start_name,
                                              destination_point, destination_name, started_at, finished_at, visibility, point_count,
                                              distance_meters, preview, points_of_interest, media_ids, search, created_at, updated_at, route_id)
                VALUES (\(walk.id), \(walk.ownerID), \(idempotencyKey), \(IdempotentRequest.fingerprint), \(walk.details.title), \(walk.details.description), \(walk.details.tags),
                        ST_SetSRID(ST_MakePoint(\(walk.start.point.longitude), \(walk.start.point.latitude)), 4326)::geography, \(walk.start.name),
                        CASE WHEN \(destination == nil) THEN NULL ELSE ST_SetSRID(ST_MakePoint(\(destination?.point.longitude ?? 0),
                                                                                          \(destination?.point.latitude ?? 0)), 4326)::geography END,
                        \(destination?.name ?? ""), \(walk.startedAt), \(walk.finishedAt), \(walk.visibility.rawValue), \(Int32(points.count)),
                        \(walk.route.distanceMeters), \(try Self.json(walk.route.preview))::jsonb, \(try Self.json(walk.pointsOfInterest))::jsonb,
                        \(walk.mediaIDs), to_tsvector('simple', \(walk.searchText)), \(walk.createdAt), \(walk.updatedAt), \(walk.routeID))
                ON CONFLICT (owner_id, idempotency_key) DO NOTHING
                RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect()
            guard let row = inserted.first else {
                // The key was used before: that first walk is the answer.
                guard
                    let first = try await connection.query(
                        """
                        SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.owner_id = \(walk.ownerID) AND w.idempotency_key = \(idempotencyKey)
                        """, logger: logger
                    ).collect().first
                else { throw RoamError.internal }
                let replayed = try Self.decode(first)
                try await connection.checkReplay(of: "trips.walks", id: replayed.id, logger: logger)
                return replayed
            }
            guard !points.isEmpty else { return try Self.decode(row) }
            try await Self.insert(points, walk: walk.id, on: connection, logger: logger)
            if walk.isFinished { try await Self.drawPath(of: walk.id, on: connection, logger: logger) }
            return try Self.decode(row)
        }
    }

    public func walk(_ id: UUID) async throws -> Walk? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.id = \(id)").first.map(Self.decode)
    }

    public func addPoints(_ points: [TrackPoint], walk id: UUID, owner: UUID) async throws -> (recorded: Int, total: Int)? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // The walk's row is locked, so its count stays exact while batches arrive at once.
            guard
                try await !connection.query(
                    """
                    SELECT 1 FROM trips.walks WHERE id = \(id) AND owner_id = \(owner) AND finished_at IS NULL FOR UPDATE
                    """, logger: logger
                ).collect().isEmpty
            else { return nil }
            let recorded = try await Self.insert(points, walk: id, on: connection, logger: logger)
            let total =
                try await connection.query(
                    """
                    UPDATE trips.walks SET point_count = point_count + \(Int32(recorded)) WHERE id = \(id) RETURNING point_count
                    """, logger: logger
                ).collect().first?.decode(Int32.self) ?? 0
            return (recorded, Int(total))
        }
    }

    @discardableResult
    static func insert(_ points: [TrackPoint], walk: UUID, on connection: TracedConnection, logger: Logger) async throws -> Int {
        try await connection.query(
            """
            INSERT INTO trips.walk_points (walk_id, recorded_at, point, accuracy_meters)
            SELECT \(walk), at, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography, NULLIF(accuracy, -1)
            FROM unnest(\(points.map(\.at))::timestamptz[], \(points.map(\.point.latitude))::float8[],
                        \(points.map(\.point.longitude))::float8[], \(points.map { $0.accuracyMeters ?? -1 })::float8[])
                 AS batch(at, latitude, longitude, accuracy)
            ON CONFLICT (walk_id, recorded_at) DO NOTHING
            RETURNING 1
            """, logger: logger
        ).collect().count
    }

    /// The path from the stored points in time order: a line, or the start while there are fewer than two.
    static func drawPath(of walk: UUID, on connection: TracedConnection, logger: Logger) async throws {
        try await connection.query(
            """
            UPDATE trips.walks w SET path = CASE WHEN line.points >= 2 THEN line.path::geography ELSE w.start_point END
            FROM (SELECT count(*) AS points, ST_MakeLine(point::geometry ORDER BY recorded_at) AS path
                  FROM trips.walk_points WHERE walk_id = \(walk)) line
            WHERE w.id = \(walk)
            """, logger: logger)
    }

    public func points(of walk: UUID, after: Date?, limit: Int) async throws -> [TrackPoint] {
        try await database.query(
            """
            SELECT recorded_at, ST_Y(point::geometry), ST_X(point::geometry), accuracy_meters FROM trips.walk_points
            WHERE walk_id = \(walk) AND (\(after == nil) OR recorded_at > \(after ?? .distantPast))
            ORDER BY recorded_at LIMIT \(min(limit, Int(Int32.max)))
            """
        ).map { row in
            let (at, latitude, longitude, accuracy) = try row.decode((Date, Double, Double, Double?).self)
            return TrackPoint(at: at, point: GeoPoint(latitude: latitude, longitude: longitude), accuracyMeters: accuracy)
        }
    }

    public func modify(_ id: UUID, owner: UUID, at time: Date, _ change: @escaping @Sendable (inout Walk) throws -> Void) async throws -> Walk? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let row = try await connection.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.id = \(id) AND w.owner_id = \(owner) FOR UPDATE
                    """, logger: logger
                ).collect().first
            else { return nil }
            var walk = try Self.decode(row)
            try change(&walk)
            guard
                let saved = try await connection.query(
                    """
                    UPDATE trips.walks w SET title = \(walk.details.title), description = \(walk.details.description), tags = \(walk.details.tags),
                        visibility = \(walk.visibility.rawValue), points_of_interest = \(try Self.json(walk.pointsOfInterest))::jsonb,
                        media_ids = \(walk.mediaIDs), search = to_tsvector('simple', \(walk.searchText)), updated_at = \(time)
                    WHERE w.id = \(id)
                    RETURNING \(unescaped: Self.columns)
                    """, logger: logger
                ).collect().first
            else { return nil }
            return try Self.decode(saved)
        }
    }

    public func finish(_ id: UUID, owner: UUID, at time: Date, route: WalkRoute, automatically: Bool) async throws -> Walk? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                try await !connection.query(
                    """
                    UPDATE trips.walks SET finished_at = \(time), closed_automatically = \(automatically), distance_meters = \(route.distanceMeters),
                        point_count = \(Int32(route.pointCount)), preview = \(try Self.json(route.preview))::jsonb, updated_at = \(time)
                    WHERE id = \(id) AND owner_id = \(owner) AND finished_at IS NULL
                    RETURNING 1
                    """, logger: logger
                ).collect().isEmpty
            else { return nil }
            try await Self.drawPath(of: id, on: connection, logger: logger)
            return try await connection.query("SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.id = \(id)", logger: logger)
                .collect().first.map(Self.decode)
        }
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> Walk? {
        try await database.query(
            """
            DELETE FROM trips.walks w WHERE w.id = \(id) AND w.owner_id = \(owner) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func walks(of owner: UUID, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.owner_id = \(owner)
            ORDER BY w.started_at DESC, w.id DESC OFFSET \(offset) LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func history(of user: UUID, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w
            WHERE w.owner_id = \(user)
               OR (w.visibility = 'public' AND NOT w.owner_id = ANY(\(Array(hidden)))
                   AND EXISTS (SELECT 1 FROM trips.walk_ratings r WHERE r.walk_id = w.id AND r.user_id = \(user)))
            ORDER BY w.started_at DESC, w.id DESC OFFSET \(offset) LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func walkingNow(on routes: [UUID]) async throws -> [UUID: Int] {
        guard !routes.isEmpty else { return [:] }
        var counts: [UUID: Int] = [:]
        for row in try await database.query(
            """
            SELECT route_id, count(*)::int8 FROM trips.walks WHERE route_id = ANY(\(routes)) AND finished_at IS NULL GROUP BY route_id
            """)
        {
            let (route, count) = try row.decode((UUID, Int64).self)
            counts[route] = Int(count)
        }
        return counts
    }

    public func search(_ query: WalkQuery, page: PageRequest) async throws -> Page<(walk: Walk, meters: Double?)> {
        let offset = try OffsetCursor.decode(page.cursor)
        let words = query.text.map(WalkQuery.words) ?? []
        let center = query.near?.center
        let order =
            switch query.order {
            case .distance: "meters, w.finished_at DESC, w.id DESC"
            case .rating: "(w.rating_sum::float8 / NULLIF(w.rating_count, 0)) DESC NULLS LAST, w.rating_count DESC, w.finished_at DESC, w.id DESC"
            case .recent: "w.finished_at DESC, w.id DESC"
            }
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns),
                   CASE WHEN \(center == nil) THEN NULL
                        ELSE ST_Distance(w.path, ST_SetSRID(ST_MakePoint(\(center?.longitude ?? 0), \(center?.latitude ?? 0)), 4326)::geography, false)
                   END AS meters
            FROM trips.walks w
            WHERE w.finished_at IS NOT NULL
              AND (w.visibility = 'public' OR w.owner_id = \(query.reader))
              AND NOT w.owner_id = ANY(\(Array(query.hiddenOwners)))
              AND (\(center == nil) OR ST_DWithin(w.path, ST_SetSRID(ST_MakePoint(\(center?.longitude ?? 0), \(center?.latitude ?? 0)), 4326)::geography,
                                                \(query.near?.meters ?? 0), false))
              AND (\(words.isEmpty) OR w.search @@ to_tsquery('simple', \(words.map { "'\($0)'" }.joined(separator: " & "))))
              AND (\(query.tag == nil) OR w.tags @> ARRAY[\(query.tag ?? "")]::text[])
            ORDER BY \(unescaped: order) OFFSET \(offset) LIMIT \(page.size + 1)
            """)
        var found: [(walk: Walk, meters: Double?)] = []
        for row in rows {
            found.append((try Self.decode(row), try row.decode(Double?.self, named: "meters")))
        }
        return Page(items: Array(found.prefix(page.size)), nextCursor: found.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func rate(_ id: UUID, rating: Int, by user: UUID) async throws -> Walk? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // The walk's row is locked first, so two ratings at once add up exactly.
            guard try await !connection.query("SELECT 1 FROM trips.walks WHERE id = \(id) FOR UPDATE", logger: logger).collect().isEmpty else {
                return nil
            }
            let old = try await connection.query(
                """
                SELECT rating FROM trips.walk_ratings WHERE walk_id = \(id) AND user_id = \(user)
                """, logger: logger
            ).collect().first?.decode(Int32.self)
            try await connection.query(
                """
                INSERT INTO trips.walk_ratings (walk_id, user_id, rating) VALUES (\(id), \(user), \(Int32(rating)))
                ON CONFLICT (walk_id, user_id) DO UPDATE SET rating = excluded.rating
                """, logger: logger)
            return try await connection.query(
                """
                UPDATE trips.walks w SET rating_sum = rating_sum + \(Int32(rating)) - \(old ?? 0),
                                         rating_count = rating_count + \(old == nil ? Int32(1) : 0)
                WHERE w.id = \(id) RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect().first.map(Self.decode)
        }
    }

    public func ratings(by user: UUID, of walks: [UUID]) async throws -> [UUID: Int] {
        guard !walks.isEmpty else { return [:] }
        var ratings: [UUID: Int] = [:]
        for row in try await database.query(
            """
            SELECT walk_id, rating FROM trips.walk_ratings WHERE user_id = \(user) AND walk_id = ANY(\(walks))
            """)
        {
            let (walk, rating) = try row.decode((UUID, Int32).self)
            ratings[walk] = Int(rating)
        }
        return ratings
    }

    public func ongoing(startedBefore cutoff: Date, limit: Int) async throws -> [Walk] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.finished_at IS NULL AND w.started_at < \(cutoff)
            ORDER BY w.started_at LIMIT \(limit)
            """
        ).map(Self.decode)
    }

    public func deleteAll(of user: UUID) async throws -> [Walk] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let theirs = try await connection.query(
                """
                DELETE FROM trips.walks w WHERE w.owner_id = \(user) RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect().map(Self.decode)
            // Their ratings of others' walks are withdrawn, each walk's totals coming down by as much.
            try await connection.query(
                """
                WITH gone AS (DELETE FROM trips.walk_ratings WHERE user_id = \(user) RETURNING walk_id, rating)
                UPDATE trips.walks w SET rating_sum = rating_sum - gone.rating, rating_count = rating_count - 1
                FROM gone WHERE w.id = gone.walk_id
                """, logger: logger)
            return theirs
        }
    }
}
