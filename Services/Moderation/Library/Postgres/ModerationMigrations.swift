import RoamRuntime

/// The `moderation` schema, one migration per change; never edit one that has shipped.
public enum ModerationMigrations {
    public static let schema = "moderation"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CasesReportsAudit",
                [
                    // One open case per subject; a resolved one stays as it was, and a new report opens another.
                    """
                    CREATE TABLE moderation.cases (
                        id uuid PRIMARY KEY,
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        author_id uuid NOT NULL,
                        status text NOT NULL CHECK (status IN ('open', 'resolved')),
                        report_count integer NOT NULL DEFAULT 0,
                        first_reported_at timestamptz NOT NULL,
                        last_reported_at timestamptz NOT NULL,
                        snapshot jsonb NOT NULL,
                        resolution jsonb)
                    """,
                    "CREATE UNIQUE INDEX cases_open_subject ON moderation.cases (subject_kind, subject_id) WHERE status = 'open'",
                    """
                    CREATE INDEX cases_queue ON moderation.cases
                        ((CASE status WHEN 'open' THEN 0 ELSE 1 END), first_reported_at, id)
                    """,
                    """
                    CREATE TABLE moderation.reports (
                        case_id uuid NOT NULL REFERENCES moderation.cases ON DELETE CASCADE,
                        reporter_id uuid NOT NULL,
                        reason text NOT NULL,
                        text text NOT NULL,
                        reported_at timestamptz NOT NULL,
                        PRIMARY KEY (case_id, reporter_id))
                    """,
                    "CREATE INDEX reports_by_reporter ON moderation.reports (reporter_id)",
                    """
                    CREATE TABLE moderation.audit (
                        id uuid PRIMARY KEY,
                        -- The order entries were recorded in (several can share a millisecond).
                        position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                        at timestamptz NOT NULL,
                        actor text NOT NULL,
                        action text NOT NULL,
                        subject_kind text NOT NULL,
                        subject_id uuid NOT NULL,
                        reason text NOT NULL,
                        before jsonb NOT NULL,
                        after jsonb NOT NULL)
                    """,
                    "CREATE INDEX audit_by_at ON moderation.audit (at)",
                    "CREATE INDEX audit_by_subject ON moderation.audit (subject_id, position DESC)",
                    "CREATE INDEX audit_by_actor ON moderation.audit (actor, position DESC)",
                ]),
            // A deleted account's reports are forgotten (`PurgeService`), and one it files after is refused.
            Migration(
                2, "RefusePurgedUsers",
                PurgedUsers.creationStatements(schema: schema, owners: [("reports", "reporter_id")])
                    + ["CREATE INDEX cases_by_author ON moderation.cases (author_id)"]),
        ])
}
