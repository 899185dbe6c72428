import RoamRuntime

/// The `events` schema, one migration per change; never edit one that has shipped.
public enum EventsMigrations {
    public static let schema = "events"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateEventsTables",
                [
                    """
                    CREATE TABLE events.events (
                        id uuid PRIMARY KEY,
                        host_id uuid NOT NULL,
                        name text NOT NULL,
                        description text NOT NULL,
                        center geography(Point, 4326) NOT NULL,
                        radius_meters double precision NOT NULL CHECK (radius_meters > 0),
                        capacity integer NOT NULL,
                        member_count integer NOT NULL CHECK (member_count >= 0 AND member_count <= capacity),
                        starts_at timestamptz NOT NULL,
                        ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
                        visibility text NOT NULL CHECK (visibility IN ('public', 'private')),
                        password_hash text,
                        theme text NOT NULL,
                        banner_media_id uuid,
                        tags text[] NOT NULL,
                        created_at timestamptz NOT NULL,
                        idempotency_key text)
                    """,
                    // Discovery: "within d of p" uses the GiST index on the centre; ends_at drives the sweeper.
                    "CREATE INDEX events_center ON events.events USING gist (center)",
                    "CREATE INDEX events_ends_at ON events.events (ends_at)",
                    "CREATE INDEX events_host ON events.events (host_id)",
                    "CREATE UNIQUE INDEX events_idempotency ON events.events (host_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
                    """
                    CREATE TABLE events.members (
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        role text NOT NULL CHECK (role IN ('host', 'member')),
                        joined_at timestamptz NOT NULL,
                        last_seen_at timestamptz NOT NULL,
                        latitude double precision,
                        longitude double precision,
                        accuracy_meters double precision,
                        PRIMARY KEY (event_id, user_id))
                    """,
                    "CREATE INDEX members_user ON events.members (user_id)",
                    "CREATE INDEX members_last_seen ON events.members (last_seen_at) WHERE role = 'member'",
                    """
                    CREATE TABLE events.waitlist (
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        queued_at timestamptz NOT NULL,
                        seq bigserial NOT NULL,
                        latitude double precision NOT NULL,
                        longitude double precision NOT NULL,
                        accuracy_meters double precision NOT NULL,
                        position_at timestamptz NOT NULL,
                        PRIMARY KEY (event_id, user_id))
                    """,
                    "CREATE INDEX waitlist_order ON events.waitlist (event_id, seq)",
                    "CREATE INDEX waitlist_user ON events.waitlist (user_id)",
                    """
                    CREATE TABLE events.bans (
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        banned_by uuid,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (event_id, user_id))
                    """,
                    """
                    CREATE TABLE events.reports (
                        id uuid PRIMARY KEY,
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        reporter_id uuid NOT NULL,
                        target_id uuid NOT NULL,
                        reason text NOT NULL,
                        text text NOT NULL,
                        created_at timestamptz NOT NULL,
                        UNIQUE (event_id, reporter_id, target_id))
                    """,
                    "CREATE INDEX reports_event ON events.reports (event_id, id DESC)",
                    "CREATE INDEX reports_target ON events.reports (event_id, target_id)",
                    """
                    CREATE TABLE events.password_failures (
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        failed_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX password_failures_key ON events.password_failures (event_id, user_id, failed_at)",
                    """
                    CREATE TABLE events.outbox (
                        id uuid PRIMARY KEY,
                        topic text NOT NULL,
                        subject_id uuid NOT NULL,
                        created_at timestamptz NOT NULL,
                        delivered_to text[] NOT NULL DEFAULT '{}',
                        attempts integer NOT NULL DEFAULT 0,
                        next_attempt_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX outbox_due ON events.outbox (next_attempt_at)",
                ]),
            // "Events containing this point" narrowed by the centre alone must look at every event within
            // the largest radius; a box around each fence lets the index find only those that may hold it.
            Migration(
                2, "IndexFenceBoxes",
                [
                    "ALTER TABLE events.events ADD COLUMN fence_box geometry(Polygon, 4326)",
                    """
                    UPDATE events.events SET fence_box = ST_Envelope(ST_Buffer(center, radius_meters * 1.01 + 1)::geometry)
                    """,
                    "ALTER TABLE events.events ALTER COLUMN fence_box SET NOT NULL",
                    "CREATE INDEX events_fence_box ON events.events USING gist (fence_box)",
                ]),
            // Group walks: the walk to follow and who may join, invitations, and members sharing where they are.
            Migration(
                3, "AddGroupWalks",
                [
                    "ALTER TABLE events.events ADD COLUMN walk_id uuid, ADD COLUMN walk_privacy text CHECK (walk_privacy IN ('everyone', 'friends', 'invited'))",
                    "ALTER TABLE events.members ADD COLUMN sharing boolean NOT NULL DEFAULT false",
                    """
                    CREATE TABLE events.invitations (
                        event_id uuid NOT NULL REFERENCES events.events ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        invited_by uuid NOT NULL,
                        state text NOT NULL CHECK (state IN ('pending', 'accepted', 'declined')),
                        invited_at timestamptz NOT NULL,
                        responded_at timestamptz,
                        PRIMARY KEY (event_id, user_id))
                    """,
                    "CREATE INDEX invitations_user ON events.invitations (user_id, invited_at DESC)",
                ]),
            // Delivered entries stay a while as receipts: which services acknowledged, and when (`roam purges`).
            Migration(4, "OutboxReceipts", PostgresOutbox.receiptStatements(schema: schema)),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                5, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("events", "host_id"), ("members", "user_id"), ("waitlist", "user_id"), ("reports", "reporter_id"),
                        ("invitations", "invited_by"), ("password_failures", "user_id"),
                    ])),
            // Beside each idempotency key, the fingerprint of the request that used it first (a reuse for another request is refused).
            Migration(6, "IdempotencyFingerprints", IdempotentReplay.columnStatements(schema: schema, tables: ["events"])),
            // Notifications for the notifications service, queued as they are sent and handed over by `PublicationDelivery`.
            Migration(7, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema)),
            // A moderator's takedown (`Takedown`): the event answers 404 to all but its host.
            Migration(
                8, "Takedowns",
                ["ALTER TABLE events.events ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text"]),
        ], requiresPostGIS: true)
}
