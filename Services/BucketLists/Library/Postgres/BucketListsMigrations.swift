import RoamRuntime

/// The `bucketlists` schema, one migration per change; never edit one that has shipped.
public enum BucketListsMigrations {
    public static let schema = "bucketlists"

    public static let migrator = Migrator(schema: schema, migrations: [
        Migration(1, "CreateListsAndItems", [
            """
            CREATE TABLE bucketlists.lists (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL,
                title text NOT NULL,
                description text NOT NULL,
                cover_media_id uuid,
                visibility text NOT NULL CHECK (visibility IN ('public', 'followers', 'private')),
                created_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL,
                idempotency_key text,
                UNIQUE (owner_id, idempotency_key))
            """,
            "CREATE INDEX lists_by_owner ON bucketlists.lists (owner_id, created_at DESC, id DESC)",
            // `position` is dense (0, 1, 2…) within a list: writes that change it lock the list's row.
            """
            CREATE TABLE bucketlists.items (
                id uuid PRIMARY KEY,
                list_id uuid NOT NULL REFERENCES bucketlists.lists ON DELETE CASCADE,
                owner_id uuid NOT NULL,
                title text NOT NULL,
                description text NOT NULL,
                place geography(Point, 4326),
                place_name text,
                target_date date,
                media_ids uuid[] NOT NULL DEFAULT '{}',
                position integer NOT NULL,
                completed_at timestamptz,
                completion_note text,
                completion_media_id uuid,
                source_activity_id uuid,
                source_item_id uuid,
                created_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL,
                idempotency_key text,
                UNIQUE (owner_id, idempotency_key))
            """,
            "CREATE INDEX items_by_list ON bucketlists.items (list_id, position, id)",
            "CREATE INDEX items_completed ON bucketlists.items (owner_id, completed_at DESC, id DESC) WHERE completed_at IS NOT NULL",
        ]),
    ], requiresPostGIS: true)
}
