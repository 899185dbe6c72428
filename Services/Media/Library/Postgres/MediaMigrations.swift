import RoamRuntime

/// The `media` schema, one migration per change; never edit one that has shipped.
public enum MediaMigrations {
    public static let schema = "media"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateMediaTables",
                [
                    """
                    CREATE TABLE media.items (
                        id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        type text NOT NULL,
                        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
                        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
                        width integer,
                        height integer,
                        orientation smallint,
                        captured_at timestamptz,
                        capture_offset_seconds integer,
                        latitude double precision,
                        longitude double precision,
                        position geography(Point, 4326),
                        camera_make text,
                        camera_model text,
                        device_asset_id text,
                        description text NOT NULL,
                        tags text[] NOT NULL,
                        in_library boolean NOT NULL,
                        created_at timestamptz NOT NULL,
                        -- When it was taken, or when it arrived if nobody knows: the library's order.
                        sort_time timestamptz NOT NULL)
                    """,
                    // The same bytes are one item per owner, also when two uploads race.
                    "CREATE UNIQUE INDEX items_owner_sha256 ON media.items (owner_id, sha256)",
                    "CREATE INDEX items_owner_time ON media.items (owner_id, sort_time, id)",
                    "CREATE INDEX items_position ON media.items USING gist (position)",
                    "CREATE INDEX items_owner_asset ON media.items (owner_id, device_asset_id) WHERE device_asset_id IS NOT NULL",
                    """
                    CREATE TABLE media.attachments (
                        media_id uuid NOT NULL REFERENCES media.items ON DELETE CASCADE,
                        subject text NOT NULL,
                        attached_at timestamptz NOT NULL,
                        PRIMARY KEY (media_id, subject))
                    """,
                    "CREATE INDEX attachments_subject ON media.attachments (subject)",
                ]),
            // When an item meant only for its subjects lost its last one: it goes a grace period later.
            Migration(
                2, "AddDetachedAt",
                [
                    "ALTER TABLE media.items ADD COLUMN detached_at timestamptz",
                    "CREATE INDEX items_unattached ON media.items (coalesce(detached_at, created_at)) WHERE NOT in_library",
                ]),
            // `Idempotency-Key` of uploads: a retry answers the first item, whatever bytes it brings.
            Migration(
                3, "CreateUploadKeys",
                [
                    """
                    CREATE TABLE media.upload_keys (
                        owner_id uuid NOT NULL,
                        key text NOT NULL,
                        item_id uuid NOT NULL REFERENCES media.items ON DELETE CASCADE,
                        PRIMARY KEY (owner_id, key))
                    """,
                    "CREATE INDEX upload_keys_item ON media.upload_keys (item_id)",
                ]),
            // A position trips inferred from the owner's track, and the owner's "no" to one.
            Migration(
                4, "AddInferredPositions",
                [
                    """
                    ALTER TABLE media.items ADD COLUMN position_inferred boolean NOT NULL DEFAULT false,
                        ADD COLUMN position_inference_declined boolean NOT NULL DEFAULT false
                    """
                ]),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                5, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("items", "owner_id"), ("upload_keys", "owner_id"),
                    ])),
            // A moderator's takedown (`Takedown`): no signed link reads the item, its owner sees why.
            Migration(
                6, "ItemTakedowns",
                ["ALTER TABLE media.items ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text"]),
            // Positions as plain coordinates, for nearest-photo searches: a nearest-neighbour scan in degrees
            // costs a sixth of one on the sphere, and `nearest` makes it exact in metres.
            Migration(7, "PlanarPositionIndex", ["CREATE INDEX items_position_planar ON media.items USING gist ((position::geometry))"]),
            // Resumable uploads (tus): each reserves its length from its owner's quota until its item is
            // stored; its bytes are segments in the blob store. A whole upload reserves its size while stored.
            Migration(
                8, "CreateResumableUploads",
                [
                    """
                    CREATE TABLE media.uploads (
                        id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        length bigint NOT NULL CHECK (length > 0),
                        "offset" bigint NOT NULL DEFAULT 0 CHECK ("offset" BETWEEN 0 AND length),
                        expires_at timestamptz NOT NULL,
                        metadata text NOT NULL DEFAULT '',
                        captured_at timestamptz,
                        capture_offset_seconds integer,
                        latitude double precision,
                        longitude double precision,
                        device_asset_id text,
                        in_library boolean NOT NULL DEFAULT true,
                        idempotency_key text,
                        created_at timestamptz NOT NULL,
                        media_id uuid,
                        duplicate boolean NOT NULL DEFAULT false,
                        appending_since timestamptz)
                    """,
                    "CREATE INDEX uploads_owner_open ON media.uploads (owner_id) WHERE media_id IS NULL",
                    "CREATE UNIQUE INDEX uploads_owner_key ON media.uploads (owner_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
                    "CREATE INDEX uploads_expiry ON media.uploads (expires_at)",
                    """
                    CREATE TABLE media.upload_segments (
                        upload_id uuid NOT NULL REFERENCES media.uploads ON DELETE CASCADE,
                        start_offset bigint NOT NULL,
                        size bigint NOT NULL CHECK (size > 0),
                        blob_key text NOT NULL,
                        PRIMARY KEY (upload_id, start_offset))
                    """,
                ] + PurgedUsers.refusalStatements(schema: schema, owners: [("uploads", "owner_id")])),
        ], requiresPostGIS: true)
}
