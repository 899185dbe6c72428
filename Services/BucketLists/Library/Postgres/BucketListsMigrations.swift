import RoamRuntime

/// The `bucketlists` schema, one migration per change; never edit one that has shipped.
public enum BucketListsMigrations {
    public static let schema = "bucketlists"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateListsAndItems",
                [
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
            Migration(
                2, "CreateActivities",
                [
                    // `search` holds the words of the name, description and place name as `ActivityQuery.words`
                    // finds them; `rank` is the trending rank the ranker last computed.
                    """
                    CREATE TABLE bucketlists.activities (
                        id uuid PRIMARY KEY,
                        author_id uuid NOT NULL,
                        name text NOT NULL,
                        description text NOT NULL,
                        point geography(Point, 4326) NOT NULL,
                        place_name text NOT NULL,
                        starts_at timestamptz,
                        ends_at timestamptz,
                        media_ids uuid[] NOT NULL DEFAULT '{}',
                        tags text[] NOT NULL DEFAULT '{}',
                        rank double precision NOT NULL DEFAULT 0,
                        created_at timestamptz NOT NULL,
                        updated_at timestamptz NOT NULL,
                        idempotency_key text,
                        search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || place_name)) STORED,
                        UNIQUE (author_id, idempotency_key))
                    """,
                    "CREATE INDEX activities_point ON bucketlists.activities USING gist (point)",
                    "CREATE INDEX activities_search ON bucketlists.activities USING gin (search)",
                    "CREATE INDEX activities_tags ON bucketlists.activities USING gin (tags)",
                    "CREATE INDEX activities_by_author ON bucketlists.activities (author_id)",
                    // One row per voter; the counts live in 16 shards per activity, so voters on one hot
                    // activity update different rows and the sum stays exact.
                    """
                    CREATE TABLE bucketlists.votes (
                        activity_id uuid NOT NULL REFERENCES bucketlists.activities ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        vote smallint NOT NULL CHECK (vote IN (-1, 1)),
                        PRIMARY KEY (activity_id, user_id))
                    """,
                    "CREATE INDEX votes_by_user ON bucketlists.votes (user_id)",
                    """
                    CREATE TABLE bucketlists.vote_counters (
                        activity_id uuid NOT NULL REFERENCES bucketlists.activities ON DELETE CASCADE,
                        shard smallint NOT NULL,
                        up bigint NOT NULL DEFAULT 0,
                        down bigint NOT NULL DEFAULT 0,
                        PRIMARY KEY (activity_id, shard))
                    """,
                    "CREATE INDEX items_by_source_activity ON bucketlists.items (source_activity_id) WHERE source_activity_id IS NOT NULL",
                ]),
            // Ranks kept in `TrendingRank`'s time-free form, computed again only for activities voted on
            // (queued by the vote, taken by the ranker), instead of every activity every time.
            Migration(
                3, "QueueRanks",
                [
                    """
                    CREATE TABLE bucketlists.rank_queue (
                        activity_id uuid PRIMARY KEY REFERENCES bucketlists.activities ON DELETE CASCADE)
                    """,
                    "UPDATE bucketlists.activities SET rank = -1000 + extract(epoch FROM created_at - '2026-01-01T00:00:00Z'::timestamptz) / 604800",
                    "INSERT INTO bucketlists.rank_queue SELECT DISTINCT activity_id FROM bucketlists.vote_counters",
                ]),
            // A foreign key share-locks the activity's row on every vote; hundreds of voters on one activity
            // then queue on that row's lock (PostgreSQL's multixacts). Deleting an activity deletes its votes,
            // counters and queue entry itself instead.
            Migration(
                4, "VotesWithoutForeignKeys",
                [
                    "ALTER TABLE bucketlists.votes DROP CONSTRAINT votes_activity_id_fkey",
                    "ALTER TABLE bucketlists.vote_counters DROP CONSTRAINT vote_counters_activity_id_fkey",
                    "ALTER TABLE bucketlists.rank_queue DROP CONSTRAINT rank_queue_activity_id_fkey",
                ]),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                5, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("lists", "owner_id"), ("items", "owner_id"), ("activities", "author_id"), ("votes", "user_id"),
                    ])),
            // Beside each idempotency key, the fingerprint of the request that used it first (a reuse for another request is refused).
            Migration(6, "IdempotencyFingerprints", IdempotentReplay.columnStatements(schema: schema, tables: ["lists", "items", "activities"])),
            // A user's favourite activities, latest first; each goes with its activity.
            Migration(
                7, "FavouriteActivities",
                [
                    """
                    CREATE TABLE bucketlists.favourites (
                        user_id uuid NOT NULL,
                        activity_id uuid NOT NULL REFERENCES bucketlists.activities ON DELETE CASCADE,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (user_id, activity_id))
                    """,
                    "CREATE INDEX favourites_latest ON bucketlists.favourites (user_id, created_at DESC, activity_id DESC)",
                    "CREATE INDEX favourites_by_activity ON bucketlists.favourites (activity_id)",
                ] + PurgedUsers.refusalStatements(schema: schema, owners: [("favourites", "user_id")])),
            // A moderator's takedown (`Takedown`): the list, item or activity answers 404 to all but its owner.
            Migration(
                8, "Takedowns",
                ["lists", "items", "activities"].map { table in
                    "ALTER TABLE bucketlists.\(table) ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text"
                }),
        ], requiresPostGIS: true)
}
