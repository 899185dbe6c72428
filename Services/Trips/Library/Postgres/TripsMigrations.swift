import RoamRuntime

/// The `trips` schema, one migration per change; never edit one that has shipped.
public enum TripsMigrations {
    public static let schema = "trips"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateTrips",
                [
                    """
                    CREATE TABLE trips.trips (
                        id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        title text NOT NULL,
                        destination_name text NOT NULL,
                        destination geography(Point, 4326),
                        start_date date NOT NULL,
                        end_date date NOT NULL CHECK (end_date >= start_date),
                        time_zone text NOT NULL,
                        home_currency char(3) NOT NULL,
                        created_at timestamptz NOT NULL,
                        idempotency_key text,
                        UNIQUE (owner_id, idempotency_key))
                    """,
                    "CREATE INDEX trips_by_owner ON trips.trips (owner_id, start_date DESC, id DESC)",
                ]),
            // A deleted trip is announced to budget and media (`PurgeTrip`) by `OutboxDelivery`.
            Migration(2, "CreateOutbox", PostgresOutbox.creationStatements(schema: schema)),
            Migration(
                3, "CreatePins",
                [
                    """
                    CREATE TABLE trips.pins (
                        id uuid PRIMARY KEY,
                        trip_id uuid NOT NULL REFERENCES trips.trips ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        title text NOT NULL,
                        description text NOT NULL,
                        point geography(Point, 4326) NOT NULL,
                        visited_at timestamptz NOT NULL,
                        tags text[] NOT NULL DEFAULT '{}',
                        source text NOT NULL,
                        cover_media_id uuid,
                        created_at timestamptz NOT NULL,
                        idempotency_key text,
                        UNIQUE (trip_id, idempotency_key))
                    """,
                    "CREATE INDEX pins_by_visit ON trips.pins (trip_id, visited_at, id)",
                ]),
            // One row per trip and moment: a point sent twice is stored once.
            Migration(
                4, "CreateTracks",
                [
                    "ALTER TABLE trips.trips ADD COLUMN tracking boolean NOT NULL DEFAULT false",
                    """
                    CREATE TABLE trips.track_points (
                        trip_id uuid NOT NULL REFERENCES trips.trips ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        recorded_at timestamptz NOT NULL,
                        point geography(Point, 4326) NOT NULL,
                        accuracy_meters double precision NOT NULL,
                        PRIMARY KEY (trip_id, recorded_at))
                    """,
                ]),
            Migration(
                5, "CreateJournal",
                [
                    """
                    CREATE TABLE trips.journal_entries (
                        id uuid PRIMARY KEY,
                        trip_id uuid NOT NULL REFERENCES trips.trips ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        title text NOT NULL,
                        body text NOT NULL,
                        entry_date date NOT NULL,
                        media_ids uuid[] NOT NULL DEFAULT '{}',
                        prompt_id text,
                        location_tags text[] NOT NULL DEFAULT '{}',
                        created_at timestamptz NOT NULL,
                        idempotency_key text,
                        UNIQUE (trip_id, idempotency_key))
                    """,
                    "CREATE INDEX journal_by_day ON trips.journal_entries (trip_id, entry_date, created_at, id)",
                ]),
            // The catalog operators load; users' ratings are summed on the place, exact under a row lock.
            Migration(
                6, "CreatePlaces",
                [
                    """
                    CREATE TABLE trips.places (
                        id uuid PRIMARY KEY,
                        source_id text NOT NULL UNIQUE,
                        name text NOT NULL,
                        category text NOT NULL,
                        point geography(Point, 4326) NOT NULL,
                        price_level smallint,
                        address text,
                        phone text,
                        website text,
                        opening_hours text,
                        photo_url text,
                        source_rating double precision NOT NULL DEFAULT 0,
                        source_rating_count integer NOT NULL DEFAULT 0,
                        user_rating_sum bigint NOT NULL DEFAULT 0,
                        user_rating_count integer NOT NULL DEFAULT 0)
                    """,
                    "CREATE INDEX places_point ON trips.places USING gist (point)",
                    """
                    CREATE TABLE trips.place_ratings (
                        place_id uuid NOT NULL REFERENCES trips.places ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
                        PRIMARY KEY (place_id, user_id))
                    """,
                    "CREATE INDEX place_ratings_by_user ON trips.place_ratings (user_id)",
                ]),
            Migration(
                7, "CreateSavedPlaces",
                [
                    """
                    CREATE TABLE trips.saved_places (
                        trip_id uuid NOT NULL REFERENCES trips.trips ON DELETE CASCADE,
                        place_id uuid NOT NULL REFERENCES trips.places ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        saved_at timestamptz NOT NULL,
                        PRIMARY KEY (trip_id, place_id))
                    """
                ]),
            // Each item keeps its reminder's due time; the reminder worker finds the unsent ones by it.
            Migration(
                8, "CreateItinerary",
                [
                    """
                    CREATE TABLE trips.itinerary_items (
                        id uuid PRIMARY KEY,
                        trip_id uuid NOT NULL REFERENCES trips.trips ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        place_id uuid NOT NULL,
                        item_date date NOT NULL,
                        minute_of_day integer CHECK (minute_of_day BETWEEN 0 AND 1439),
                        remind_minutes_before integer NOT NULL,
                        note text,
                        remind_at timestamptz NOT NULL,
                        reminded_at timestamptz,
                        created_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX itinerary_by_trip ON trips.itinerary_items (trip_id, item_date)",
                    "CREATE INDEX itinerary_reminders_due ON trips.itinerary_items (remind_at) WHERE reminded_at IS NULL",
                ]),
            // The trip-start reminder, 24 hours before the first local day; trips made before it get theirs
            // from the database's own zone rules, and those already due are not sent late.
            Migration(
                9, "AddTripStartReminders",
                [
                    "ALTER TABLE trips.trips ADD COLUMN start_reminder_at timestamptz, ADD COLUMN start_reminded_at timestamptz",
                    """
                    UPDATE trips.trips SET start_reminder_at = (start_date::timestamp AT TIME ZONE time_zone) - interval '24 hours',
                        start_reminded_at = CASE WHEN (start_date::timestamp AT TIME ZONE time_zone) - interval '24 hours' <= now() THEN now() END
                    """,
                    "ALTER TABLE trips.trips ALTER COLUMN start_reminder_at SET NOT NULL",
                    "CREATE INDEX trips_start_reminders_due ON trips.trips (start_reminder_at) WHERE start_reminded_at IS NULL",
                ]),
            // The rating shown, kept on the row, and the well-rated places indexed apart: "the best near here"
            // in a dense city reads those first instead of every place around (roam-bench trips).
            Migration(
                10, "AddPlaceRatingBands",
                [
                    """
                    ALTER TABLE trips.places ADD COLUMN rating double precision GENERATED ALWAYS AS (
                        CASE WHEN source_rating_count + user_rating_count = 0 THEN 0
                             ELSE (source_rating * source_rating_count + user_rating_sum) / (source_rating_count + user_rating_count) END) STORED
                    """,
                    "CREATE INDEX places_point_rated_4_5 ON trips.places USING gist (point) WHERE rating >= 4.5",
                    "CREATE INDEX places_point_rated_4 ON trips.places USING gist (point) WHERE rating >= 4",
                ]),
            // Which settled reminders were sent (not passed over as due already when set): a stream that
            // was away is sent what it missed.
            Migration(
                11, "AddReminderSentFlags",
                [
                    "ALTER TABLE trips.trips ADD COLUMN start_reminder_sent boolean NOT NULL DEFAULT false",
                    "ALTER TABLE trips.itinerary_items ADD COLUMN reminder_sent boolean NOT NULL DEFAULT false",
                    "CREATE INDEX trips_start_reminders_sent ON trips.trips (owner_id, start_reminded_at) WHERE start_reminder_sent",
                    "CREATE INDEX itinerary_reminders_sent ON trips.itinerary_items (owner_id, reminded_at) WHERE reminder_sent",
                ]),
            // Walks: a row each, its points apart, its path (drawn when it is finished) indexed for "passes
            // near", its words and tags for search, and ratings one per user.
            Migration(
                12, "CreateWalks",
                [
                    """
                    CREATE TABLE trips.walks (
                        id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        idempotency_key text,
                        title text NOT NULL,
                        description text NOT NULL,
                        tags text[] NOT NULL,
                        start_point geography(Point, 4326) NOT NULL,
                        start_name text NOT NULL,
                        destination_point geography(Point, 4326),
                        destination_name text NOT NULL,
                        started_at timestamptz NOT NULL,
                        finished_at timestamptz,
                        closed_automatically boolean NOT NULL DEFAULT false,
                        visibility text NOT NULL CHECK (visibility IN ('private', 'public')),
                        point_count integer NOT NULL DEFAULT 0,
                        distance_meters double precision NOT NULL DEFAULT 0,
                        preview jsonb NOT NULL DEFAULT '[]',
                        path geography(Geometry, 4326),
                        points_of_interest jsonb NOT NULL DEFAULT '[]',
                        media_ids uuid[] NOT NULL DEFAULT '{}',
                        rating_sum integer NOT NULL DEFAULT 0,
                        rating_count integer NOT NULL DEFAULT 0,
                        search tsvector NOT NULL,
                        created_at timestamptz NOT NULL,
                        updated_at timestamptz NOT NULL,
                        UNIQUE (owner_id, idempotency_key)
                    )
                    """,
                    "CREATE INDEX walks_by_owner ON trips.walks (owner_id, started_at DESC, id DESC)",
                    "CREATE INDEX walks_path ON trips.walks USING gist (path) WHERE finished_at IS NOT NULL",
                    "CREATE INDEX walks_search ON trips.walks USING gin (search) WHERE finished_at IS NOT NULL",
                    "CREATE INDEX walks_tags ON trips.walks USING gin (tags) WHERE finished_at IS NOT NULL",
                    // Newest first, read in order and filtered: a common word stops after a page instead of sorting thousands.
                    "CREATE INDEX walks_recent ON trips.walks (finished_at DESC, id DESC) WHERE finished_at IS NOT NULL",
                    "CREATE INDEX walks_ongoing ON trips.walks (started_at) WHERE finished_at IS NULL",
                    """
                    CREATE TABLE trips.walk_points (
                        walk_id uuid NOT NULL REFERENCES trips.walks ON DELETE CASCADE,
                        recorded_at timestamptz NOT NULL,
                        point geography(Point, 4326) NOT NULL,
                        accuracy_meters double precision NOT NULL,
                        PRIMARY KEY (walk_id, recorded_at)
                    )
                    """,
                    """
                    CREATE TABLE trips.walk_ratings (
                        walk_id uuid NOT NULL REFERENCES trips.walks ON DELETE CASCADE,
                        user_id uuid NOT NULL,
                        rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
                        PRIMARY KEY (walk_id, user_id)
                    )
                    """,
                    "CREATE INDEX walk_ratings_by_user ON trips.walk_ratings (user_id)",
                ]),
            // Delivered entries stay a while as receipts: which services acknowledged, and when (`roam purges`).
            Migration(13, "OutboxReceipts", PostgresOutbox.receiptStatements(schema: schema)),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                14, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("trips", "owner_id"), ("place_ratings", "user_id"), ("saved_places", "owner_id"), ("itinerary_items", "owner_id"),
                        ("walks", "owner_id"), ("walk_ratings", "user_id"),
                    ])),
            // Beside each idempotency key, the fingerprint of the request that used it first (a reuse for another request is refused).
            Migration(
                15, "IdempotencyFingerprints",
                IdempotentReplay.columnStatements(schema: schema, tables: ["trips", "pins", "journal_entries", "walks"])),
            // A point without an accuracy (from a GPX file) has none, not 0 m.
            Migration(
                16, "OptionalAccuracy",
                [
                    "ALTER TABLE trips.track_points ALTER COLUMN accuracy_meters DROP NOT NULL",
                    "ALTER TABLE trips.walk_points ALTER COLUMN accuracy_meters DROP NOT NULL",
                ]),
            // A walk started from one found follows it as its route; those ongoing are the route's "walking now".
            Migration(
                17, "WalkRoutes",
                [
                    "ALTER TABLE trips.walks ADD COLUMN route_id uuid REFERENCES trips.walks ON DELETE SET NULL",
                    "CREATE INDEX walks_walking_now ON trips.walks (route_id) WHERE finished_at IS NULL AND route_id IS NOT NULL",
                ]),
            // Itinerary items of the traveller's own (a flight, a check-in): a title and maybe a location instead of a place.
            Migration(
                18, "OwnItineraryItems",
                [
                    """
                    ALTER TABLE trips.itinerary_items ALTER COLUMN place_id DROP NOT NULL, ADD COLUMN title text NOT NULL DEFAULT '',
                        ADD COLUMN location_name text, ADD COLUMN location geography(Point, 4326),
                        ADD CONSTRAINT itinerary_item_place_or_title CHECK ((place_id IS NULL) <> (title = ''))
                    """
                ]),
            // A daily reminder per trip at a local minute: the next day and instant it comes, and the last one sent.
            Migration(
                19, "DailyReminders",
                [
                    """
                    ALTER TABLE trips.trips ADD COLUMN daily_reminder_minute integer CHECK (daily_reminder_minute BETWEEN 0 AND 1439),
                        ADD COLUMN daily_reminder_date date, ADD COLUMN daily_reminder_at timestamptz, ADD COLUMN daily_reminded_at timestamptz,
                        ADD COLUMN daily_reminded_date date, ADD COLUMN daily_reminded_due timestamptz
                    """,
                    "CREATE INDEX trips_daily_reminders_due ON trips.trips (daily_reminder_at) WHERE daily_reminder_at IS NOT NULL",
                    "CREATE INDEX trips_daily_reminders_sent ON trips.trips (owner_id, daily_reminded_at) WHERE daily_reminded_at IS NOT NULL",
                ]),
            // Places users add for themselves: theirs alone, beside the catalog's (whose owner is NULL).
            Migration(
                20, "OwnPlaces",
                [
                    "ALTER TABLE trips.places ADD COLUMN owner_id uuid, ADD COLUMN idempotency_key text, ADD COLUMN idempotency_fingerprint text",
                    "CREATE INDEX places_by_owner ON trips.places (owner_id) WHERE owner_id IS NOT NULL",
                    "ALTER TABLE trips.places ADD CONSTRAINT places_owner_id_idempotency_key_key UNIQUE (owner_id, idempotency_key)",
                ] + PurgedUsers.refusalStatements(schema: schema, owners: [("places", "owner_id")])),
            // Reminders for the notifications service, queued as they are claimed and sent by `PublicationDelivery`.
            Migration(21, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema)),
            // A moderator's takedown (`Takedown`): the walk answers 404 to all but its owner.
            Migration(
                22, "WalkTakedowns",
                ["ALTER TABLE trips.walks ADD COLUMN taken_down_at timestamptz, ADD COLUMN takedown_reason text, ADD COLUMN taken_down_by text"]),
            // A pin at one of its owner's places or the catalog's; the pin outlives the place, keeping its point.
            Migration(
                23, "PinPlaces",
                [
                    "ALTER TABLE trips.pins ADD COLUMN place_id uuid REFERENCES trips.places ON DELETE SET NULL",
                    "CREATE INDEX pins_place ON trips.pins (place_id) WHERE place_id IS NOT NULL",
                ]),
        ], requiresPostGIS: true)
}
