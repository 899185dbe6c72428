import RoamRuntime

/// The `feed` schema, one migration per change; never edit one that has shipped.
public enum FeedMigrations {
    public static let schema = "feed"

    public static let migrator = Migrator(schema: schema, migrations: [
        Migration(1, "CreatePosts", [
            """
            CREATE TABLE feed.posts (
                id uuid PRIMARY KEY,
                author_id uuid NOT NULL,
                event_id uuid,
                place_latitude double precision,
                place_longitude double precision,
                place_name text,
                text text NOT NULL,
                media_ids uuid[] NOT NULL,
                tags text[] NOT NULL,
                created_at timestamptz NOT NULL,
                edited_at timestamptz,
                idempotency_key text,
                CHECK ((event_id IS NULL) <> (place_name IS NULL)))
            """,
            "CREATE INDEX posts_event ON feed.posts (event_id, id DESC) WHERE event_id IS NOT NULL",
            "CREATE INDEX posts_author ON feed.posts (author_id, id DESC)",
            "CREATE UNIQUE INDEX posts_idempotency ON feed.posts (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
        ]),
    ])
}
