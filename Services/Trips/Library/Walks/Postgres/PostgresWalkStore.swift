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
}
