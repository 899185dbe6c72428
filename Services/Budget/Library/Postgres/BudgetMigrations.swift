import RoamRuntime

/// The `budget` schema, one migration per change; never edit one that has shipped.
public enum BudgetMigrations {
    public static let schema = "budget"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateBudgets",
                [
                    // `crossed` holds the alert keys crossed now (`AlertCheck`); the row is locked by every
                    // write that changes spending, so crossings are counted exactly once.
                    """
                    CREATE TABLE budget.budgets (
                        trip_id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        currency char(3) NOT NULL,
                        total bigint CHECK (total > 0),
                        categories text[] NOT NULL DEFAULT '{}',
                        caps jsonb NOT NULL DEFAULT '{}',
                        thresholds bigint[] NOT NULL DEFAULT '{80,100}',
                        crossed text[] NOT NULL DEFAULT '{}',
                        updated_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX budgets_by_owner ON budget.budgets (owner_id)",
                    """
                    CREATE TABLE budget.expenses (
                        id uuid PRIMARY KEY,
                        trip_id uuid NOT NULL REFERENCES budget.budgets ON DELETE CASCADE,
                        owner_id uuid NOT NULL,
                        amount bigint NOT NULL CHECK (amount > 0),
                        currency char(3) NOT NULL,
                        converted bigint NOT NULL,
                        rate numeric NOT NULL CHECK (rate > 0),
                        rate_source text NOT NULL CHECK (rate_source IN ('same_currency', 'owner', 'reference')),
                        rate_date date,
                        spent_at timestamptz NOT NULL,
                        category text NOT NULL,
                        note text NOT NULL,
                        place_id uuid,
                        pin_id uuid,
                        created_at timestamptz NOT NULL,
                        updated_at timestamptz NOT NULL,
                        idempotency_key text,
                        UNIQUE (owner_id, idempotency_key))
                    """,
                    "CREATE INDEX expenses_by_time ON budget.expenses (trip_id, spent_at DESC, id DESC)",
                    "CREATE INDEX expenses_by_owner ON budget.expenses (owner_id)",
                    """
                    CREATE TABLE budget.alerts (
                        id uuid PRIMARY KEY,
                        owner_id uuid NOT NULL,
                        trip_id uuid NOT NULL REFERENCES budget.budgets ON DELETE CASCADE,
                        limit_kind text NOT NULL CHECK (limit_kind IN ('total', 'category', 'day')),
                        category text,
                        day date,
                        percent integer NOT NULL,
                        spent bigint NOT NULL,
                        limit_amount bigint NOT NULL,
                        currency char(3) NOT NULL,
                        at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX alerts_by_owner ON budget.alerts (owner_id, at, id)",
                    // Euros' worth of each currency per business day, as the ECB publishes them.
                    """
                    CREATE TABLE budget.reference_rates (
                        currency char(3) NOT NULL,
                        day date NOT NULL,
                        per_euro numeric NOT NULL CHECK (per_euro > 0),
                        PRIMARY KEY (currency, day))
                    """,
                    """
                    CREATE TABLE budget.trip_rates (
                        trip_id uuid NOT NULL,
                        currency char(3) NOT NULL,
                        owner_id uuid NOT NULL,
                        rate numeric NOT NULL CHECK (rate > 0),
                        PRIMARY KEY (trip_id, currency))
                    """,
                    "CREATE INDEX trip_rates_by_owner ON budget.trip_rates (owner_id)",
                ]),
            // Running sums kept by every write under the budget's lock, so checking alerts reads a few rows
            // instead of every expense. Quarter hours, because every zone's midnight falls on one: a local
            // day's sum is that of its quarters, whatever the trip's zone is or becomes.
            Migration(
                2, "CreateRunningTotals",
                [
                    """
                    CREATE TABLE budget.category_totals (
                        trip_id uuid NOT NULL REFERENCES budget.budgets ON DELETE CASCADE,
                        category text NOT NULL,
                        spent bigint NOT NULL,
                        expenses integer NOT NULL,
                        PRIMARY KEY (trip_id, category))
                    """,
                    """
                    CREATE TABLE budget.quarter_totals (
                        trip_id uuid NOT NULL REFERENCES budget.budgets ON DELETE CASCADE,
                        quarter timestamptz NOT NULL,
                        spent bigint NOT NULL,
                        expenses integer NOT NULL,
                        PRIMARY KEY (trip_id, quarter))
                    """,
                    """
                    INSERT INTO budget.category_totals (trip_id, category, spent, expenses)
                    SELECT trip_id, category, sum(converted), count(*) FROM budget.expenses GROUP BY trip_id, category
                    """,
                    """
                    INSERT INTO budget.quarter_totals (trip_id, quarter, spent, expenses)
                    SELECT trip_id, to_timestamp(floor(extract(epoch FROM spent_at) / 900) * 900), sum(converted), count(*)
                    FROM budget.expenses GROUP BY 1, 2
                    """,
                ]),
            // Trips purged here, so a write that raced the purge (trips' answer still cached) finds no trip
            // instead of bringing its budget back.
            Migration(
                3, "CreatePurgedTrips",
                [
                    "CREATE TABLE budget.purged_trips (trip_id uuid PRIMARY KEY, purged_at timestamptz NOT NULL)"
                ]),
            // A write for a user this service has purged is refused, so nothing of theirs lands after the purge
            // (rows hanging off these by a foreign key go with them).
            Migration(
                4, "RefusePurgedUsers",
                PurgedUsers.creationStatements(
                    schema: schema,
                    owners: [
                        ("budgets", "owner_id"), ("expenses", "owner_id"), ("alerts", "owner_id"), ("trip_rates", "owner_id"),
                    ])),
            // Beside each idempotency key, the fingerprint of the request that used it first (a reuse for another request is refused).
            Migration(5, "IdempotencyFingerprints", IdempotentReplay.columnStatements(schema: schema, tables: ["expenses"])),
            // Alerts for the notifications service, written with the alert and sent by `PublicationDelivery`.
            Migration(6, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema)),
        ])
}
