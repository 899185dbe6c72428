import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Resumable uploads in `media.uploads`, their segments in `media.upload_segments`.
extension PostgresMediaStore {
    static let uploadColumns = """
        id, owner_id, length, "offset", expires_at, metadata, captured_at, capture_offset_seconds, latitude, longitude, device_asset_id,
        in_library, idempotency_key, created_at, media_id, duplicate, appending_since
        """

    static func decodeUpload(_ row: PostgresRow) throws -> ResumableUpload {
        let (
            id, owner, length, offset, expiresAt, metadata, capturedAt, captureOffset, latitude, longitude, deviceAssetID, inLibrary, key,
            created, media, duplicate, appendingSince
        ) = try row.decode(
            (UUID, UUID, Int64, Int64, Date, String, Date?, Int32?, Double?, Double?, String?, Bool, String?, Date, UUID?, Bool, Date?).self)
        let details = UploadDetails(
            clientCaptureTime: capturedAt.map { CaptureTime(date: $0, utcOffsetSeconds: captureOffset.map(Int.init)) },
            clientPosition: latitude.flatMap { latitude in longitude.map { GeoPoint(latitude: latitude, longitude: $0) } },
            deviceAssetID: deviceAssetID, inLibrary: inLibrary, idempotencyKey: key)
        return ResumableUpload(
            id: id, ownerID: owner, length: Int(length), offset: Int(offset), expiresAt: expiresAt, metadata: metadata, details: details,
            createdAt: created, mediaID: media, duplicate: duplicate, appendingSince: appendingSince)
    }

    public func reserve(_ upload: ResumableUpload, quota: Int?, maxOpen: Int?, at time: Date) async throws -> UploadReservation {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let owner = upload.ownerID
            // One reservation at a time per owner: what it counts cannot change until it is in.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtext('media.quota'), hashtext(\(owner.lowercasedString)))", logger: logger)
            if let key = upload.details.idempotencyKey,
                let row = try await connection.query(
                    "SELECT \(unescaped: Self.uploadColumns) FROM media.uploads WHERE owner_id = \(owner) AND idempotency_key = \(key)",
                    logger: logger
                ).collect().first
            {
                return .existing(try Self.decodeUpload(row))
            }
            let counts = try await connection.query(
                """
                SELECT (SELECT coalesce(sum(size_bytes), 0)::bigint FROM media.items WHERE owner_id = \(owner)),
                       coalesce(sum(length), 0)::bigint, count(*) FILTER (WHERE "offset" < length)
                FROM media.uploads WHERE owner_id = \(owner) AND media_id IS NULL AND expires_at > \(time)
                """, logger: logger
            ).collect()[0]
            let (stored, reserved, open) = try counts.decode((Int, Int, Int).self)
            if let maxOpen, open >= maxOpen { return .tooManyOpen(open: open) }
            if let quota, stored + reserved + upload.length > quota { return .overQuota(stored: stored, reserved: reserved) }
            let details = upload.details
            try await connection.query(
                """
                INSERT INTO media.uploads (id, owner_id, length, "offset", expires_at, metadata, captured_at, capture_offset_seconds, latitude,
                                           longitude, device_asset_id, in_library, idempotency_key, created_at)
                VALUES (\(upload.id), \(owner), \(Int64(upload.length)), \(Int64(upload.offset)), \(upload.expiresAt), \(upload.metadata),
                        \(details.clientCaptureTime?.date), \(details.clientCaptureTime?.utcOffsetSeconds.map(Int32.init)),
                        \(details.clientPosition?.latitude), \(details.clientPosition?.longitude), \(details.deviceAssetID), \(details.inLibrary),
                        \(details.idempotencyKey), \(upload.createdAt))
                """, logger: logger)
            return .created(upload)
        }
    }

    public func upload(_ id: UUID, owner: UUID) async throws -> ResumableUpload? {
        try await database.query("SELECT \(unescaped: Self.uploadColumns) FROM media.uploads WHERE id = \(id) AND owner_id = \(owner)")
            .first.map(Self.decodeUpload)
    }

    public func beginAppend(to id: UUID, owner: UUID, from offset: Int, at time: Date) async throws -> ResumableUpload? {
        try await database.query(
            """
            UPDATE media.uploads SET appending_since = \(time)
            WHERE id = \(id) AND owner_id = \(owner) AND media_id IS NULL AND "offset" = \(Int64(offset))
            RETURNING \(unescaped: Self.uploadColumns)
            """
        ).first.map(Self.decodeUpload)
    }

    public func endAppend(to id: UUID) async throws {
        _ = try await database.query("UPDATE media.uploads SET appending_since = NULL WHERE id = \(id)")
    }

    public func append(_ segment: UploadSegment, to id: UUID, owner: UUID, expiresAt: Date) async throws -> ResumableUpload? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let row = try await connection.query(
                    """
                    UPDATE media.uploads SET "offset" = "offset" + \(Int64(segment.size)), expires_at = \(expiresAt), appending_since = NULL
                    WHERE id = \(id) AND owner_id = \(owner) AND media_id IS NULL AND "offset" = \(Int64(segment.offset))
                      AND "offset" + \(Int64(segment.size)) <= length
                    RETURNING \(unescaped: Self.uploadColumns)
                    """, logger: logger
                ).collect().first
            else { return nil }
            try await connection.query(
                """
                INSERT INTO media.upload_segments (upload_id, start_offset, size, blob_key)
                VALUES (\(id), \(Int64(segment.offset)), \(Int64(segment.size)), \(segment.key.value))
                """, logger: logger)
            return try Self.decodeUpload(row)
        }
    }

    public func segments(of id: UUID) async throws -> [UploadSegment] {
        try await database.query("SELECT start_offset, size, blob_key FROM media.upload_segments WHERE upload_id = \(id) ORDER BY start_offset")
            .compactMap { row in
                let (offset, size, key) = try row.decode((Int64, Int64, String).self)
                return BlobKey(key).map { UploadSegment(offset: Int(offset), size: Int(size), key: $0) }
            }
    }

    public func finish(_ id: UUID, owner: UUID, media: UUID, duplicate: Bool) async throws -> ResumableUpload? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await connection.query("DELETE FROM media.upload_segments WHERE upload_id = \(id)", logger: logger)
            return try await connection.query(
                """
                UPDATE media.uploads SET media_id = \(media), duplicate = \(duplicate) WHERE id = \(id) AND owner_id = \(owner)
                RETURNING \(unescaped: Self.uploadColumns)
                """, logger: logger
            ).collect().first.map(Self.decodeUpload)
        }
    }

    public func removeUpload(_ id: UUID, owner: UUID) async throws -> ResumableUpload? {
        try await database.query(
            "DELETE FROM media.uploads WHERE id = \(id) AND owner_id = \(owner) RETURNING \(unescaped: Self.uploadColumns)"
        ).first.map(Self.decodeUpload)
    }

    public func removeExpired(before time: Date) async throws -> [ResumableUpload] {
        try await database.query("DELETE FROM media.uploads WHERE expires_at < \(time) RETURNING \(unescaped: Self.uploadColumns)")
            .map(Self.decodeUpload)
    }

    public func removeUploads(of owner: UUID) async throws {
        _ = try await database.query("DELETE FROM media.uploads WHERE owner_id = \(owner)")
    }

    public func knownUploadIDs(_ ids: [UUID]) async throws -> Set<UUID> {
        Set(try await database.query("SELECT id FROM media.uploads WHERE id = ANY(\(ids))").map { try $0.decode(UUID.self) })
    }
}
