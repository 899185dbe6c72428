import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Media metadata in PostgreSQL (schema `media`, PostGIS for "near a point").
public struct PostgresMediaStore: MediaRepository {
    let database: Database

    static let columns = """
        id, owner_id, type, size_bytes, sha256, width, height, orientation, captured_at, capture_offset_seconds, latitude, longitude,
        camera_make, camera_model, device_asset_id, description, tags, in_library, created_at, position_inferred, position_inference_declined,
        taken_down_at, takedown_reason, taken_down_by
        """

    static func decode(_ row: PostgresRow) throws -> MediaItem {
        let (
            id, owner, type, size, sha256, width, height, orientation, capturedAt, offset, latitude, longitude, cameraMake, cameraModel,
            deviceAssetID, description, tags, inLibrary, created, positionInferred, inferenceDeclined, downAt, downReason, downBy
        ) = try row.decode(
            (
                UUID, UUID, String, Int64, String, Int32?, Int32?, Int16?, Date?, Int32?, Double?, Double?, String?, String?, String?, String,
                [String], Bool, Date, Bool, Bool, Date?, String?, String?
            ).self)
        var item = MediaItem(
            id: id, ownerID: owner, type: MediaType(rawValue: type) ?? .jpeg, sizeBytes: Int(size), sha256: sha256, width: width.map(Int.init),
            height: height.map(Int.init), orientation: orientation.map(Int.init),
            captureTime: capturedAt.map { CaptureTime(date: $0, utcOffsetSeconds: offset.map(Int.init)) },
            position: latitude.flatMap { latitude in longitude.map { GeoPoint(latitude: latitude, longitude: $0) } },
            cameraMake: cameraMake, cameraModel: cameraModel, deviceAssetID: deviceAssetID, description: description, tags: tags,
            inLibrary: inLibrary, createdAt: created)
        item.positionInferred = positionInferred
        item.positionInferenceDeclined = inferenceDeclined
        item.takedown = downAt.map { Takedown(at: $0, reason: downReason ?? "", by: downBy ?? "") }
        return item
    }

    public func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> MediaItem? {
        try await database.query(
            """
            UPDATE media.items SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE id = \(id) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func add(_ item: MediaItem) async throws -> (item: MediaItem, duplicate: Bool) {
        let position = item.position
        let inserted = try await database.query(
            """
            INSERT INTO media.items (id, owner_id, type, size_bytes, sha256, width, height, orientation, captured_at, capture_offset_seconds,
                                     latitude, longitude, position, camera_make, camera_model, device_asset_id, description, tags,
                                     in_library, created_at, sort_time)
            VALUES (\(item.id), \(item.ownerID), \(item.type.rawValue), \(Int64(item.sizeBytes)), \(item.sha256), \(item.width.map(Int32.init)),
                    \(item.height.map(Int32.init)), \(item.orientation.map(Int16.init)), \(item.captureTime?.date),
                    \(item.captureTime?.utcOffsetSeconds.map(Int32.init)), \(position?.latitude), \(position?.longitude),
                    CASE WHEN \(position == nil) THEN NULL
                         ELSE ST_SetSRID(ST_MakePoint(\(position?.longitude ?? 0), \(position?.latitude ?? 0)), 4326)::geography END,
                    \(item.cameraMake), \(item.cameraModel), \(item.deviceAssetID), \(item.description), \(item.tags), \(item.inLibrary),
                    \(item.createdAt), \(item.sortTime))
            ON CONFLICT (owner_id, sha256) DO NOTHING
            RETURNING \(unescaped: Self.columns)
            """)
        if let row = inserted.first { return (try Self.decode(row), false) }
        // Someone got there first with the same bytes: that item is the answer.
        guard let existing = try await self.item(owner: item.ownerID, sha256: item.sha256) else { throw RoamError.internal }
        return (existing, true)
    }

    public func item(_ id: UUID) async throws -> MediaItem? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM media.items WHERE id = \(id)").first.map(Self.decode)
    }

    public func item(owner: UUID, sha256: String) async throws -> MediaItem? {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM media.items WHERE owner_id = \(owner) AND sha256 = \(sha256)
            """
        ).first.map(Self.decode)
    }

    public func item(owner: UUID, idempotencyKey: String) async throws -> MediaItem? {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM media.items
            WHERE id = (SELECT item_id FROM media.upload_keys WHERE owner_id = \(owner) AND key = \(idempotencyKey))
            """
        ).first.map(Self.decode)
    }

    public func remember(idempotencyKey key: String, owner: UUID, item: UUID) async throws {
        _ = try await database.query(
            """
            INSERT INTO media.upload_keys (owner_id, key, item_id) VALUES (\(owner), \(key), \(item))
            ON CONFLICT (owner_id, key) DO NOTHING
            """)
    }

    public func existing(
        owner: UUID, checksums: [String], deviceAssetIDs: [String]
    ) async throws
        -> (checksums: Set<String>, deviceAssetIDs: Set<String>)
    {
        let rows = try await database.query(
            """
            SELECT sha256, device_asset_id FROM media.items
            WHERE owner_id = \(owner) AND (sha256 = ANY(\(checksums)) OR device_asset_id = ANY(\(deviceAssetIDs)))
            """)
        var found: (checksums: Set<String>, deviceAssetIDs: Set<String>) = ([], [])
        let wantedChecksums = Set(checksums), wantedAssets = Set(deviceAssetIDs)
        for row in rows {
            let (checksum, asset) = try row.decode((String, String?).self)
            if wantedChecksums.contains(checksum) { found.checksums.insert(checksum) }
            if let asset, wantedAssets.contains(asset) { found.deviceAssetIDs.insert(asset) }
        }
        return found
    }

    public func media(of owner: UUID, matching query: MediaQuery, page: PageRequest) async throws -> Page<MediaItem> {
        let after = try TimedCursor.decode(page.cursor)
        let newestFirst = query.order == .newestFirst
        let near = query.near
        let takenOn = query.takenOn.map { CaptureWindow(from: $0.date, to: $0.date, in: $0.zone) }
        let (zoned, wallClock, either) = (
            takenOn?.zoned ?? Date()..<Date(), takenOn?.wallClock ?? Date()..<Date(), takenOn?.either ?? Date()..<Date()
        )
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns), sort_time FROM media.items i
            WHERE owner_id = \(owner)
              AND (\(query.from == nil) OR sort_time >= \(query.from ?? Date()))
              AND (\(query.to == nil) OR sort_time < \(query.to ?? Date()))
              AND (NOT \(query.withoutLocation) OR position IS NULL)
              AND (\(takenOn == nil) OR (captured_at IS NOT NULL
                   AND sort_time >= \(either.lowerBound) AND sort_time < \(either.upperBound)
                   AND CASE WHEN capture_offset_seconds IS NULL THEN captured_at >= \(wallClock.lowerBound) AND captured_at < \(wallClock.upperBound)
                            ELSE captured_at >= \(zoned.lowerBound) AND captured_at < \(zoned.upperBound) END))
              AND (\(near == nil) OR ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(near?.center.longitude ?? 0), \(near?.center.latitude ?? 0)),
                                                                      4326)::geography, \(near?.meters ?? 0), false))
              AND CASE WHEN \(query.subject == nil) THEN in_library
                       ELSE EXISTS (SELECT 1 FROM media.attachments a WHERE a.media_id = i.id AND a.subject = \(query.subject ?? "")) END
              AND (\(after == nil) OR CASE WHEN \(newestFirst) THEN (sort_time, id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID()))
                                           ELSE (sort_time, id) > (\(after?.bound ?? Date()), \(after?.id ?? UUID())) END)
            ORDER BY \(unescaped: newestFirst ? "sort_time DESC, id DESC" : "sort_time, id") LIMIT \(page.size + 1)
            """)
        var fetched: [(item: MediaItem, sortTime: Date)] = []
        for row in rows {
            fetched.append((try Self.decode(row), try row.decode(Date.self, named: "sort_time")))
        }
        return Page(fetched: fetched, size: page.size) { TimedCursor(time: $0.sortTime, id: $0.item.id).token }.map(\.item)
    }

    public func days(of owner: UUID, from first: LocalDate, to last: LocalDate, in zone: TripZone) async throws -> [MediaDay] {
        let range = CaptureWindow(from: first, to: last, in: zone).either
        let counted = try await database.query(
            """
            SELECT day::text, count(*)::int8, (array_agg(id ORDER BY sort_time, id))[1] FROM (
                SELECT id, sort_time, CASE WHEN capture_offset_seconds IS NULL THEN (captured_at AT TIME ZONE 'UTC')::date
                                           ELSE (captured_at AT TIME ZONE \(zone.identifier))::date END AS day
                FROM media.items
                WHERE owner_id = \(owner) AND in_library AND captured_at IS NOT NULL
                  AND sort_time >= \(range.lowerBound) AND sort_time < \(range.upperBound)) taken
            WHERE day BETWEEN \(first.description)::date AND \(last.description)::date
            GROUP BY day ORDER BY day
            """
        ).map { row in
            let (day, count, cover) = try row.decode((String, Int64, UUID).self)
            guard let date = LocalDate(day) else { throw RoamError.internal }
            return (date, Int(count), cover)
        }
        let covers = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM media.items WHERE id = ANY(\(counted.map(\.2)))
            """
        ).map(Self.decode)
        let byID = Dictionary(uniqueKeysWithValues: covers.map { ($0.id, $0) })
        return counted.compactMap { date, count, cover in byID[cover].map { MediaDay(date: date, count: count, cover: $0) } }
    }

    /// Two index searches per point, in one statement. Away from the poles and the antimeridian
    /// (`PlanarBound`): the nearest photo in degrees (a nearest-neighbour scan of the planar index), whose
    /// distance in metres bounds the true nearest's; every photo within that bound (a circle in degrees
    /// that holds it) is measured on the sphere, and the nearest, lowest id first, is the one. Elsewhere:
    /// the nearest distance by a scan of the sphere's index (`<->`, which cannot also order by id), then
    /// the lowest id at that distance.
    public func nearest(
        of owner: UUID, to points: [String: GeoPoint], takenFrom first: LocalDate, to last: LocalDate, in zone: TripZone,
        within meters: Double
    ) async throws -> [String: NearbyMedia] {
        guard !points.isEmpty else { return [:] }
        let window = CaptureWindow(from: first, to: last, in: zone)
        let (zoned, wallClock, either) = (window.zoned, window.wallClock, window.either)
        let planar = points.keys.filter { PlanarBound.holds(at: points[$0]!, within: meters) }
        let spherical = points.keys.filter { !PlanarBound.holds(at: points[$0]!, within: meters) }
        let rows = try await database.query(
            """
            WITH taken AS NOT MATERIALIZED (
                SELECT id, position FROM media.items
                WHERE owner_id = \(owner) AND in_library AND captured_at IS NOT NULL
                  AND sort_time >= \(either.lowerBound) AND sort_time < \(either.upperBound)
                  AND CASE WHEN capture_offset_seconds IS NULL THEN captured_at >= \(wallClock.lowerBound) AND captured_at < \(wallClock.upperBound)
                           ELSE captured_at >= \(zoned.lowerBound) AND captured_at < \(zoned.upperBound) END)
            SELECT p.key, n.id, n.meters
            FROM unnest(
                    \(planar)::text[], \(planar.map { points[$0]!.longitude })::float8[], \(planar.map { points[$0]!.latitude })::float8[],
                    \(planar.map { PlanarBound.radius(of: meters, at: points[$0]!.latitude) })::float8[])
                 AS p(key, longitude, latitude, reach)
            CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_MakePoint(p.longitude, p.latitude), 4326) AS point) q
            CROSS JOIN LATERAL (
                SELECT least(ST_Distance(position, q.point::geography, false), \(meters)) AS meters FROM taken
                WHERE ST_DWithin(position::geometry, q.point, p.reach) ORDER BY position::geometry <-> q.point LIMIT 1) nearest
            CROSS JOIN LATERAL (
                SELECT id, ST_Distance(position, q.point::geography, false) AS meters FROM taken
                WHERE ST_DWithin(position::geometry, q.point, \(unescaped: PlanarBound.degreesSQL(meters: "nearest.meters", latitude: "p.latitude")))
                ORDER BY 2, id LIMIT 1) n
            WHERE n.meters <= \(meters)
            UNION ALL
            SELECT p.key, n.id, n.meters
            FROM unnest(\(spherical)::text[], \(spherical.map { points[$0]!.longitude })::float8[], \(spherical.map { points[$0]!.latitude })::float8[])
                 AS p(key, longitude, latitude)
            CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_MakePoint(p.longitude, p.latitude), 4326)::geography AS point) q
            CROSS JOIN LATERAL (
                SELECT ST_Distance(position, q.point, false) AS meters FROM taken
                WHERE ST_DWithin(position, q.point, \(meters), false) ORDER BY position <-> q.point LIMIT 1) nearest
            CROSS JOIN LATERAL (
                SELECT id, ST_Distance(position, q.point, false) AS meters FROM taken
                WHERE ST_DWithin(position, q.point, nearest.meters + 0.01, false) ORDER BY 2, id LIMIT 1) n
            """)
        var found: [String: NearbyMedia] = [:]
        for row in rows {
            let (key, id, distance) = try row.decode((String, UUID, Double).self)
            found[key] = NearbyMedia(mediaID: id, meters: distance)
        }
        return found
    }

    public func update(_ id: UUID, owner: UUID, description: String?, tags: [String]?) async throws -> MediaItem? {
        try await database.query(
            """
            UPDATE media.items SET description = coalesce(\(description), description), tags = coalesce(\(tags), tags)
            WHERE id = \(id) AND owner_id = \(owner)
            RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func setInferredPositions(_ positions: [UUID: GeoPoint], owner: UUID) async throws -> [MediaItem] {
        let entries = Array(positions)
        return try await database.query(
            """
            UPDATE media.items SET latitude = inferred.lat, longitude = inferred.lng,
                position = ST_SetSRID(ST_MakePoint(inferred.lng, inferred.lat), 4326)::geography, position_inferred = true
            FROM unnest(\(entries.map(\.key))::uuid[], \(entries.map(\.value.latitude))::float8[], \(entries.map(\.value.longitude))::float8[])
                AS inferred(media_id, lat, lng)
            WHERE items.id = inferred.media_id AND owner_id = \(owner) AND NOT position_inference_declined AND (position IS NULL OR position_inferred)
            RETURNING \(unescaped: Self.columns)
            """
        ).map(Self.decode)
    }

    public func clearInferredPosition(_ id: UUID, owner: UUID) async throws -> MediaItem? {
        // SET reads the row as it was, so each column sees whether the position was inferred.
        try await database.query(
            """
            UPDATE media.items SET latitude = CASE WHEN position_inferred THEN NULL ELSE latitude END,
                longitude = CASE WHEN position_inferred THEN NULL ELSE longitude END,
                position = CASE WHEN position_inferred THEN NULL ELSE position END,
                position_inferred = false, position_inference_declined = true
            WHERE id = \(id) AND owner_id = \(owner) AND NOT position_inference_declined
            RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func remove(_ id: UUID, owner: UUID) async throws -> MediaItem? {
        try await database.query(
            """
            DELETE FROM media.items WHERE id = \(id) AND owner_id = \(owner) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func attach(_ ids: [UUID], owner: UUID, to subject: String, at time: Date) async throws -> [UUID] {
        let unique = Array(Set(ids))
        return try await database.transaction { connection in
            // Locked, so an item cannot be deleted between the check and the attachment.
            let owned = try await connection.query(
                """
                SELECT id FROM media.items WHERE id = ANY(\(unique)) AND owner_id = \(owner) FOR KEY SHARE
                """, logger: CallContext.current.logger
            ).collect().map { try $0.decode(UUID.self) }
            let refused = Set(unique).subtracting(owned)
            guard refused.isEmpty else { return refused.sorted { $0.uuidString < $1.uuidString } }
            try await connection.query(
                """
                INSERT INTO media.attachments (media_id, subject, attached_at)
                SELECT unnest(\(unique)), \(subject), \(time) ON CONFLICT DO NOTHING
                """, logger: CallContext.current.logger)
            return []
        }
    }

    public func detach(_ ids: [UUID], owner: UUID, from subject: String, at time: Date) async throws {
        _ = try await database.query(
            """
            WITH gone AS (DELETE FROM media.attachments
                          WHERE media_id IN (SELECT id FROM media.items WHERE id = ANY(\(ids)) AND owner_id = \(owner)) AND subject = \(subject)
                          RETURNING media_id)
            UPDATE media.items i SET detached_at = \(time)
            WHERE i.id IN (SELECT media_id FROM gone)
              AND NOT EXISTS (SELECT 1 FROM media.attachments a WHERE a.media_id = i.id AND a.subject <> \(subject))
            """)
    }

    public func subjects(of id: UUID) async throws -> Set<String> {
        Set(try await database.query("SELECT subject FROM media.attachments WHERE media_id = \(id)").map { try $0.decode(String.self) })
    }

    public func knownIDs(_ ids: [UUID]) async throws -> Set<UUID> {
        Set(try await database.query("SELECT id FROM media.items WHERE id = ANY(\(ids))").map { try $0.decode(UUID.self) })
    }

    public func bytesStored(by owner: UUID) async throws -> Int {
        try await database.query("SELECT coalesce(sum(size_bytes), 0)::bigint FROM media.items WHERE owner_id = \(owner)")[0].decode(Int.self)
    }

    public func removeAll(of owner: UUID) async throws -> [MediaItem] {
        try await database.query("DELETE FROM media.items WHERE owner_id = \(owner) RETURNING \(unescaped: Self.columns)").map(Self.decode)
    }

    public func purge(subject: String) async throws -> [MediaItem] {
        try await database.transaction { connection in
            let removed = try await connection.query(
                """
                DELETE FROM media.items i WHERE NOT in_library
                  AND EXISTS (SELECT 1 FROM media.attachments a WHERE a.media_id = i.id
                              AND (a.subject = \(subject) OR starts_with(a.subject, \(subject + "/"))))
                RETURNING \(unescaped: Self.columns)
                """, logger: CallContext.current.logger
            ).collect().map(Self.decode)
            try await connection.query(
                "DELETE FROM media.attachments WHERE subject = \(subject) OR starts_with(subject, \(subject + "/"))",
                logger: CallContext.current.logger)
            return removed
        }
    }

    public func removeUnattached(before cutoff: Date) async throws -> [MediaItem] {
        try await database.query(
            """
            DELETE FROM media.items i
            WHERE NOT in_library AND coalesce(detached_at, created_at) < \(cutoff)
              AND NOT EXISTS (SELECT 1 FROM media.attachments a WHERE a.media_id = i.id)
            RETURNING \(unescaped: Self.columns)
            """
        ).map(Self.decode)
    }
}
