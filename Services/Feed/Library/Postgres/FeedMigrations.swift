import RoamRuntime

/// The `feed` schema, one migration per change; never edit one that has shipped.
public enum FeedMigrations {
    public static let schema = "feed"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreatePosts",
                [
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
            Migration(
                2, "CreateCommentsLikesAndCounters",
                [
                    """
                    CREATE TABLE feed.comments (
                        id uuid PRIMARY KEY,
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        parent_id uuid REFERENCES feed.comments (id),
                        author_id uuid,
                        text text NOT NULL,
                        created_at timestamptz NOT NULL,
                        edited_at timestamptz,
                        deleted boolean NOT NULL DEFAULT false,
                        event_id uuid,
                        idempotency_key text)
                    """,
                    "CREATE INDEX comments_subject ON feed.comments (subject_kind, subject_id, id)",
                    "CREATE INDEX comments_parent ON feed.comments (parent_id) WHERE parent_id IS NOT NULL",
                    "CREATE INDEX comments_event ON feed.comments (event_id) WHERE event_id IS NOT NULL",
                    "CREATE INDEX comments_author ON feed.comments (author_id)",
                    "CREATE UNIQUE INDEX comments_idempotency ON feed.comments (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
                    """
                    CREATE TABLE feed.likes (
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        user_id uuid NOT NULL,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (subject_kind, subject_id, user_id))
                    """,
                    "CREATE INDEX likes_user ON feed.likes (user_id)",
                    // Counts are spread over a few rows per subject (summed when read), so concurrent likes
                    // of one hot post wait on each other only a little and never on other posts.
                    """
                    CREATE TABLE feed.counters (
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        shard smallint NOT NULL,
                        likes bigint NOT NULL DEFAULT 0,
                        comments bigint NOT NULL DEFAULT 0,
                        views bigint NOT NULL DEFAULT 0,
                        PRIMARY KEY (subject_kind, subject_id, shard))
                    """,
                ]),
            Migration(
                3, "CreateChat",
                [
                    // One row per event holds its last sequence; taking the next one locks the row, so
                    // messages commit in sequence order and readers never see a gap fill in later.
                    "CREATE TABLE feed.chat_rooms (event_id uuid PRIMARY KEY, last_sequence bigint NOT NULL)",
                    """
                    CREATE TABLE feed.chat_messages (
                        event_id uuid NOT NULL,
                        sequence bigint NOT NULL,
                        id uuid NOT NULL UNIQUE,
                        author_id uuid NOT NULL,
                        text text NOT NULL,
                        sent_at timestamptz NOT NULL,
                        idempotency_key text,
                        PRIMARY KEY (event_id, sequence))
                    """,
                    "CREATE INDEX chat_messages_author ON feed.chat_messages (author_id)",
                    "CREATE UNIQUE INDEX chat_messages_idempotency ON feed.chat_messages (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
                ]),
            Migration(
                4, "CreateContentReports",
                [
                    """
                    CREATE TABLE feed.reports (
                        id uuid PRIMARY KEY,
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        reporter_id uuid NOT NULL,
                        reason text NOT NULL,
                        text text NOT NULL,
                        created_at timestamptz NOT NULL,
                        event_id uuid,
                        UNIQUE (subject_kind, subject_id, reporter_id))
                    """,
                    "CREATE INDEX reports_event ON feed.reports (event_id, id DESC)",
                    "CREATE INDEX reports_reporter ON feed.reports (reporter_id)",
                ]),
            Migration(
                5, "StoriesDiscoverySavesAndFollowedPlaces",
                [
                    // A post goes to an event, to a place (a story), or to the author's followers.
                    "ALTER TABLE feed.posts DROP CONSTRAINT posts_check",
                    "ALTER TABLE feed.posts ADD COLUMN to_followers boolean NOT NULL DEFAULT false",
                    "ALTER TABLE feed.posts ADD CHECK (num_nonnulls(event_id, place_name) + to_followers::int = 1)",
                    """
                    ALTER TABLE feed.posts ADD COLUMN location geography(Point, 4326) GENERATED ALWAYS AS (
                        CASE WHEN place_latitude IS NULL THEN NULL
                             ELSE ST_SetSRID(ST_MakePoint(place_longitude, place_latitude), 4326)::geography END) STORED
                    """,
                    // 'simple': no stemming or stop words, so every language is searched the same way.
                    "ALTER TABLE feed.posts ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED",
                    // Written by the trending ranker in the background, never per query.
                    "ALTER TABLE feed.posts ADD COLUMN hot_rank double precision NOT NULL DEFAULT 0",
                    "CREATE INDEX posts_location ON feed.posts USING gist (location) WHERE location IS NOT NULL",
                    "CREATE INDEX posts_stories ON feed.posts (id DESC) WHERE place_name IS NOT NULL",
                    "CREATE INDEX posts_hot ON feed.posts (hot_rank DESC, id DESC) WHERE place_name IS NOT NULL",
                    "CREATE INDEX posts_search ON feed.posts USING gin (search) WHERE place_name IS NOT NULL",
                    "CREATE INDEX posts_tags ON feed.posts USING gin (tags) WHERE place_name IS NOT NULL",
                    "CREATE TABLE feed.story_views (post_id uuid NOT NULL, user_id uuid NOT NULL, day date NOT NULL, PRIMARY KEY (post_id, user_id, day))",
                    "CREATE INDEX story_views_day ON feed.story_views (day)",
                    "CREATE INDEX story_views_user ON feed.story_views (user_id)",
                    """
                    CREATE TABLE feed.saves (
                        user_id uuid NOT NULL,
                        post_id uuid NOT NULL,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (user_id, post_id))
                    """,
                    "CREATE INDEX saves_listing ON feed.saves (user_id, created_at DESC, post_id DESC)",
                    "CREATE INDEX saves_post ON feed.saves (post_id)",
                    """
                    CREATE TABLE feed.followed_places (
                        id uuid NOT NULL UNIQUE,
                        user_id uuid NOT NULL,
                        latitude double precision NOT NULL,
                        longitude double precision NOT NULL,
                        name text NOT NULL,
                        radius_meters double precision NOT NULL,
                        created_at timestamptz NOT NULL,
                        location geography(Point, 4326) GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED,
                        PRIMARY KEY (user_id, latitude, longitude))
                    """,
                    "CREATE INDEX followed_places_listing ON feed.followed_places (user_id, created_at DESC, id DESC)",
                    "CREATE INDEX followed_places_location ON feed.followed_places USING gist (location)",
                ]),
            // One row per story and viewer (the last day counted and how many views), so a deleted
            // account's views can be taken back from the counts exactly.
            Migration(
                6, "StoryViewersInsteadOfDailyViews",
                [
                    "DROP TABLE feed.story_views",
                    """
                    CREATE TABLE feed.story_viewers (
                        post_id uuid NOT NULL,
                        user_id uuid NOT NULL,
                        last_day date NOT NULL,
                        views integer NOT NULL,
                        PRIMARY KEY (post_id, user_id))
                    """,
                    "CREATE INDEX story_viewers_user ON feed.story_viewers (user_id)",
                ]),
            // Stories get a title, searched with the text; who liked what is listed newest first.
            Migration(
                7, "StoryTitlesAndLikesByTime",
                [
                    "ALTER TABLE feed.posts ADD COLUMN title text NOT NULL DEFAULT ''",
                    "ALTER TABLE feed.posts DROP COLUMN search",
                    "ALTER TABLE feed.posts ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || text)) STORED",
                    "CREATE INDEX posts_search ON feed.posts USING gin (search) WHERE place_name IS NOT NULL",
                    "CREATE INDEX likes_subject_time ON feed.likes (subject_kind, subject_id, created_at DESC, user_id DESC)",
                    "CREATE INDEX likes_posts_by_user ON feed.likes (user_id, created_at DESC, subject_id DESC) WHERE subject_kind = 'post'",
                ]),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                8, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("posts", "author_id"), ("comments", "author_id"), ("likes", "user_id"), ("chat_messages", "author_id"),
                        ("reports", "reporter_id"), ("saves", "user_id"), ("followed_places", "user_id"), ("story_viewers", "user_id"),
                    ])),
            // Beside each idempotency key, the fingerprint of the request that used it first (a reuse for another request is refused).
            Migration(
                9, "IdempotencyFingerprints", IdempotentReplay.columnStatements(schema: schema, tables: ["posts", "comments", "chat_messages"])),
            // Comments, replies and likes for the notifications service, handed over by `PublicationDelivery`.
            Migration(10, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema)),
            // A moderator's takedown (`Takedown`): the post or comment answers 404 to all but its author.
            Migration(
                11, "Takedowns",
                [
                    "ALTER TABLE feed.posts ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text",
                    "ALTER TABLE feed.comments ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text",
                ]),
            // An event's newest posts, always from `posts_event` in its order. Left to the planner, a new event
            // that grew faster than the table's statistics was read by fetching all its posts and sorting them
            // (5 ms of PostgreSQL's time a read at 10,000), and an event holding most of the table by walking
            // the primary key past every newer post of others. The bounds on `event_id` keep it a column of
            // the order (an equality would drop it), so only this index gives the order; sorting and bitmaps
            // are off inside the function, which the planner therefore never inlines.
            Migration(
                12, "EventPostsNewestFirst",
                [
                    """
                    CREATE FUNCTION feed.event_posts_newest_first(event uuid, before uuid, size bigint) RETURNS SETOF feed.posts
                    LANGUAGE sql STABLE
                    SET enable_sort = off SET enable_bitmapscan = off
                    AS $$
                        SELECT * FROM feed.posts
                        WHERE event_id >= event AND event_id <= event AND id < before
                        ORDER BY event_id, id DESC LIMIT size
                    $$
                    """
                ]),
        ], requiresPostGIS: true)
}
