import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Track points in `trips.track_points`, one per trip and moment, deleted with their trip. PostGIS
/// cuts a day into segments (window functions, on the sphere as `TrackSegmentation` measures) and
/// simplifies each with `ST_Simplify` on Web Mercator, the tolerance scaled to metres at its latitude.
extension PostgresTripStore: TrackRepository {
    public func setTracking(_ on: Bool, trip: UUID, owner: UUID) async throws -> Trip? {
        try await database.query(
            """
            UPDATE trips.trips SET tracking = \(on) WHERE id = \(trip) AND owner_id = \(owner) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func addTrackPoints(_ points: [TrackPoint], trip: UUID, owner: UUID) async throws -> Int? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                try await !connection.query("SELECT 1 FROM trips.trips WHERE id = \(trip) AND owner_id = \(owner)", logger: logger)
                    .collect().isEmpty
            else { return nil }
            let inserted = try await connection.query(
                """
                INSERT INTO trips.track_points (trip_id, owner_id, recorded_at, point, accuracy_meters)
                SELECT \(trip), \(owner), at, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography, NULLIF(accuracy, -1)
                FROM unnest(\(points.map(\.at))::timestamptz[], \(points.map(\.point.latitude))::float8[],
                            \(points.map(\.point.longitude))::float8[], \(points.map { $0.accuracyMeters ?? -1 })::float8[])
                     AS batch(at, latitude, longitude, accuracy)
                ON CONFLICT (trip_id, recorded_at) DO NOTHING
                RETURNING 1
                """, logger: logger
            ).collect()
            return inserted.count
        }
    }

    public func track(ofTrip trip: UUID, owner: UUID, in interval: Range<Date>?, toleranceMeters: Double) async throws -> Track {
        let (from, to) = (interval?.lowerBound ?? .distantPast, interval?.upperBound ?? .distantFuture)
        let rows = try await database.query(
            """
            WITH ordered AS (
                SELECT recorded_at, point, accuracy_meters,
                       extract(epoch FROM recorded_at - lag(recorded_at) OVER byTime) AS gap,
                       ST_Distance(point, lag(point) OVER byTime, false) AS step
                FROM trips.track_points
                WHERE trip_id = \(trip) AND owner_id = \(owner) AND recorded_at >= \(from) AND recorded_at < \(to)
                WINDOW byTime AS (ORDER BY recorded_at)
            ), numbered AS (
                SELECT *, gap IS NULL OR gap > \(TrackSegmentation.maxGap) OR step > \(TrackSegmentation.maxJump) AS starts,
                       sum(CASE WHEN gap IS NULL OR gap > \(TrackSegmentation.maxGap) OR step > \(TrackSegmentation.maxJump) THEN 1 ELSE 0 END)
                           OVER (ORDER BY recorded_at) AS segment
                FROM ordered
            ), indexed AS (
                SELECT *, row_number() OVER (PARTITION BY segment ORDER BY recorded_at) AS position FROM numbered
            ), lines AS (
                -- Each segment's points as arrays, so the kept ones are read by position without a join.
                SELECT segment, count(*) AS points, coalesce(sum(step) FILTER (WHERE NOT starts), 0) AS meters,
                       array_agg(recorded_at ORDER BY position) AS times, array_agg(accuracy_meters ORDER BY position) AS accuracies,
                       array_agg(ST_Y(point::geometry) ORDER BY position) AS latitudes,
                       array_agg(ST_X(point::geometry) ORDER BY position) AS longitudes,
                       ST_SetSRID(ST_MakeLine(ST_MakePointM(ST_X(point::geometry), ST_Y(point::geometry), position) ORDER BY position), 4326) AS line
                FROM indexed GROUP BY segment
            ), kept AS (
                SELECT segment, generate_series(1, points) AS position FROM lines WHERE points < 3 OR \(toleranceMeters) <= 0
                UNION ALL
                SELECT segment, ST_M((ST_DumpPoints(ST_Simplify(ST_Transform(line, 3857), \(toleranceMeters) / cos(radians(latitudes[1]))))).geom)::bigint
                FROM lines WHERE points >= 3 AND \(toleranceMeters) > 0
            )
            SELECT k.segment::bigint, l.points::bigint, l.meters::float8, l.times[k.position], l.latitudes[k.position], l.longitudes[k.position],
                   l.accuracies[k.position]
            FROM kept k JOIN lines l USING (segment)
            ORDER BY k.segment, k.position
            """)
        var segments: [[TrackPoint]] = []
        var lastSegment: Int64?
        var recorded = 0, distance = 0.0
        for row in rows {
            let (segment, points, meters, at, latitude, longitude, accuracy) = try row.decode(
                (Int64, Int64, Double, Date, Double, Double, Double?).self)
            if segment != lastSegment {
                segments.append([])
                lastSegment = segment
                recorded += Int(points)
                distance += meters
            }
            segments[segments.count - 1].append(
                TrackPoint(at: at, point: GeoPoint(latitude: latitude, longitude: longitude), accuracyMeters: accuracy))
        }
        return Track(segments: segments, distanceMeters: distance, recordedPoints: recorded)
    }
}
