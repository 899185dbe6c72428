import RoamRuntime

/// The `notifications` schema, one migration per change; never edit one that has shipped.
public enum NotificationsMigrations {
    public static let schema = "notifications"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateDevicesInboxSettings",
                [
                    """
                    CREATE TABLE notifications.devices (
                        token text PRIMARY KEY,
                        user_id uuid NOT NULL,
                        platform text NOT NULL CHECK (platform IN ('apns', 'fcm')),
                        apns_environment text CHECK (apns_environment IN ('production', 'sandbox')),
                        topic text,
                        language text NOT NULL DEFAULT '',
                        created_at timestamptz NOT NULL,
                        updated_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX devices_by_user ON notifications.devices (user_id, updated_at DESC, token DESC)",
                    // `key` is the publisher's: a publication sent again finds the row it made.
                    """
                    CREATE TABLE notifications.inbox (
                        id uuid PRIMARY KEY,
                        user_id uuid NOT NULL,
                        kind text NOT NULL,
                        key text NOT NULL,
                        data jsonb NOT NULL DEFAULT '{}',
                        thread_id text NOT NULL DEFAULT '',
                        time_zone text,
                        created_at timestamptz NOT NULL,
                        read_at timestamptz,
                        UNIQUE (user_id, key))
                    """,
                    "CREATE INDEX inbox_by_user ON notifications.inbox (user_id, created_at DESC, id DESC)",
                    "CREATE INDEX inbox_unread ON notifications.inbox (user_id) WHERE read_at IS NULL",
                    "CREATE INDEX inbox_by_age ON notifications.inbox (created_at)",
                    // Quiet hours as minutes after local midnight.
                    """
                    CREATE TABLE notifications.settings (
                        user_id uuid PRIMARY KEY,
                        muted_kinds text[] NOT NULL DEFAULT '{}',
                        quiet_start integer CHECK (quiet_start BETWEEN 0 AND 1439),
                        quiet_end integer CHECK (quiet_end BETWEEN 0 AND 1439),
                        time_zone text NOT NULL DEFAULT 'UTC',
                        push_paused boolean NOT NULL DEFAULT false,
                        CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)))
                    """,
                ]
                    + PurgedUsers.creationStatements(
                        schema: schema, owners: [("devices", "user_id"), ("inbox", "user_id"), ("settings", "user_id")])),
            // One push per notification and device, filed with the notification; the token is not a
            // foreign key: a device removed meanwhile makes its pushes go nowhere, and they are dropped.
            Migration(
                2, "CreatePushes",
                [
                    """
                    CREATE TABLE notifications.pushes (
                        notification_id uuid NOT NULL REFERENCES notifications.inbox ON DELETE CASCADE,
                        token text NOT NULL,
                        user_id uuid NOT NULL,
                        due_at timestamptz NOT NULL,
                        attempts integer NOT NULL DEFAULT 0,
                        leased_until timestamptz,
                        last_error text,
                        PRIMARY KEY (notification_id, token))
                    """,
                    "CREATE INDEX pushes_due ON notifications.pushes (due_at)",
                    "CREATE INDEX pushes_by_token ON notifications.pushes (token)",
                    "CREATE INDEX pushes_by_user ON notifications.pushes (user_id)",
                ]),
            // Publications of one group gather in its unread notification; `gathered` remembers the keys
            // gathered after the first, so one sent again is filed once.
            Migration(
                3, "GatheredNotifications",
                [
                    "ALTER TABLE notifications.inbox ADD COLUMN group_key text",
                    "CREATE INDEX inbox_unread_groups ON notifications.inbox (user_id, group_key) WHERE read_at IS NULL AND group_key IS NOT NULL",
                    """
                    CREATE TABLE notifications.gathered (
                        user_id uuid NOT NULL,
                        key text NOT NULL,
                        notification_id uuid NOT NULL REFERENCES notifications.inbox ON DELETE CASCADE,
                        PRIMARY KEY (user_id, key))
                    """,
                ]),
        ])
}
