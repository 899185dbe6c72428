import RoamMail
import RoamRuntime

/// The `accounts` schema, one migration per change; never edit one that has shipped.
public enum AccountsMigrations {
    public static let schema = "accounts"

    public static let migrator = Migrator(
        schema: schema,
        migrations: [
            Migration(
                1, "CreateAccountsTables",
                [
                    """
                    CREATE TABLE accounts.users (
                        id uuid PRIMARY KEY,
                        email text NOT NULL,
                        username text NOT NULL,
                        password_hash text NOT NULL,
                        email_verified boolean NOT NULL DEFAULT false,
                        display_name text NOT NULL,
                        bio text NOT NULL DEFAULT '',
                        phone text NOT NULL DEFAULT '',
                        avatar_media_id uuid,
                        follower_count bigint NOT NULL DEFAULT 0 CHECK (follower_count >= 0),
                        following_count bigint NOT NULL DEFAULT 0 CHECK (following_count >= 0),
                        created_at timestamptz NOT NULL)
                    """,
                    "CREATE UNIQUE INDEX users_email_key ON accounts.users (email)",
                    "CREATE UNIQUE INDEX users_username_key ON accounts.users (username)",
                    "CREATE INDEX users_username_prefix ON accounts.users (username text_pattern_ops)",
                    "CREATE INDEX users_display_name_prefix ON accounts.users (lower(display_name) text_pattern_ops)",
                    """
                    CREATE TABLE accounts.sessions (
                        id uuid PRIMARY KEY,
                        user_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        user_agent text NOT NULL,
                        device_name text NOT NULL,
                        client_address text NOT NULL,
                        current_token_digest bytea NOT NULL,
                        created_at timestamptz NOT NULL,
                        last_used_at timestamptz NOT NULL,
                        expires_at timestamptz NOT NULL,
                        revoked_at timestamptz)
                    """,
                    "CREATE INDEX sessions_user ON accounts.sessions (user_id, last_used_at DESC)",
                    """
                    CREATE TABLE accounts.refresh_tokens (
                        digest bytea PRIMARY KEY,
                        session_id uuid NOT NULL REFERENCES accounts.sessions ON DELETE CASCADE,
                        created_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX refresh_tokens_session ON accounts.refresh_tokens (session_id)",
                    """
                    CREATE TABLE accounts.follows (
                        follower_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        followee_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (follower_id, followee_id))
                    """,
                    "CREATE INDEX follows_followers ON accounts.follows (followee_id, created_at DESC, follower_id DESC)",
                    "CREATE INDEX follows_following ON accounts.follows (follower_id, created_at DESC, followee_id DESC)",
                    """
                    CREATE TABLE accounts.blocks (
                        blocker_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        blocked_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        created_at timestamptz NOT NULL,
                        PRIMARY KEY (blocker_id, blocked_id))
                    """,
                    "CREATE INDEX blocks_blocked ON accounts.blocks (blocked_id, blocker_id)",
                    "CREATE TABLE accounts.login_failures (key text NOT NULL, failed_at timestamptz NOT NULL)",
                    "CREATE INDEX login_failures_key ON accounts.login_failures (key, failed_at)",
                    """
                    CREATE TABLE accounts.one_time_tokens (
                        digest bytea PRIMARY KEY,
                        user_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        purpose text NOT NULL,
                        expires_at timestamptz NOT NULL,
                        used_at timestamptz)
                    """,
                    """
                    CREATE TABLE accounts.outbox (
                        id uuid PRIMARY KEY,
                        topic text NOT NULL,
                        subject_id uuid NOT NULL,
                        created_at timestamptz NOT NULL,
                        delivered_at timestamptz)
                    """,
                    "CREATE INDEX outbox_pending ON accounts.outbox (created_at) WHERE delivered_at IS NULL",
                ]),
            // The outbox takes the shape every service's has (`PostgresOutbox`): delivered per target, retried with backoff.
            Migration(
                2, "OutboxPerTargetDelivery",
                [
                    "DELETE FROM accounts.outbox WHERE delivered_at IS NOT NULL",
                    "ALTER TABLE accounts.outbox ADD COLUMN delivered_to text[] NOT NULL DEFAULT '{}'",
                    "ALTER TABLE accounts.outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0",
                    "ALTER TABLE accounts.outbox ADD COLUMN next_attempt_at timestamptz",
                    "UPDATE accounts.outbox SET next_attempt_at = created_at, topic = 'user_deleted' WHERE topic = 'UserDeleted'",
                    "ALTER TABLE accounts.outbox ALTER COLUMN next_attempt_at SET NOT NULL",
                    "ALTER TABLE accounts.outbox DROP COLUMN delivered_at",
                    "CREATE INDEX outbox_due ON accounts.outbox (next_attempt_at)",
                ]),
            // Sign-in through OpenID Connect providers (an account may have no password, and no email when
            // the provider gave none), email and username changes, and the terms a user accepted.
            Migration(
                3, "ProvidersEmailChangesAndTerms",
                [
                    "ALTER TABLE accounts.users ALTER COLUMN password_hash DROP NOT NULL",
                    "ALTER TABLE accounts.users ALTER COLUMN email DROP NOT NULL",
                    "ALTER TABLE accounts.users ADD COLUMN username_changed_at timestamptz",
                    "ALTER TABLE accounts.users ADD COLUMN terms_version text",
                    "ALTER TABLE accounts.users ADD COLUMN terms_accepted_at timestamptz",
                    "ALTER TABLE accounts.one_time_tokens ADD COLUMN detail text NOT NULL DEFAULT ''",
                    """
                    CREATE TABLE accounts.identities (
                        issuer text NOT NULL,
                        subject text NOT NULL,
                        provider text NOT NULL,
                        user_id uuid NOT NULL REFERENCES accounts.users ON DELETE CASCADE,
                        email text NOT NULL,
                        linked_at timestamptz NOT NULL,
                        PRIMARY KEY (issuer, subject))
                    """,
                    "CREATE UNIQUE INDEX identities_user_provider ON accounts.identities (user_id, provider)",
                    "CREATE TABLE accounts.used_nonces (digest bytea PRIMARY KEY, expires_at timestamptz NOT NULL)",
                    "CREATE INDEX used_nonces_expiry ON accounts.used_nonces (expires_at)",
                ]),
            // Ended sessions and deleted accounts, recorded by triggers in the transaction that ends them,
            // whatever the statement: the feed every verifier follows (`WatchRevocations`).
            Migration(
                4, "Revocations",
                [
                    """
                    CREATE TABLE accounts.revocations (
                        position bigserial PRIMARY KEY,
                        user_id uuid NOT NULL,
                        session_id uuid,
                        revoked_at timestamptz NOT NULL DEFAULT now())
                    """,
                    "CREATE INDEX revocations_revoked_at ON accounts.revocations (revoked_at)",
                    """
                    CREATE FUNCTION accounts.record_revocation() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        -- One revoking transaction at a time, so positions commit in order: a follower that
                        -- saw position N has seen every revocation before it.
                        PERFORM pg_advisory_xact_lock(hashtext('accounts.revocations'));
                        IF TG_TABLE_NAME = 'users' THEN
                            INSERT INTO accounts.revocations (user_id, session_id) VALUES (OLD.id, NULL);
                        ELSE
                            INSERT INTO accounts.revocations (user_id, session_id) VALUES (OLD.user_id, OLD.id);
                        END IF;
                        RETURN NULL;
                    END
                    $$
                    """,
                    """
                    CREATE TRIGGER sessions_revoked AFTER UPDATE OF revoked_at ON accounts.sessions FOR EACH ROW
                    WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION accounts.record_revocation()
                    """,
                    """
                    CREATE TRIGGER sessions_deleted AFTER DELETE ON accounts.sessions FOR EACH ROW
                    WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION accounts.record_revocation()
                    """,
                    """
                    CREATE TRIGGER users_deleted AFTER DELETE ON accounts.users FOR EACH ROW
                    EXECUTE FUNCTION accounts.record_revocation()
                    """,
                ]),
            // Delivered entries stay a while as receipts: which services acknowledged, and when (`roam purges`).
            Migration(5, "OutboxReceipts", PostgresOutbox.receiptStatements(schema: schema)),
            // A follow or block made or taken back goes on the same feed, in order with the revocations, so
            // every service's relations cache and every gateway forgets both users' relations at once.
            Migration(
                6, "RelationChanges",
                [
                    "ALTER TABLE accounts.revocations ADD COLUMN related_user_id uuid",
                    """
                    CREATE FUNCTION accounts.record_relation_change() RETURNS trigger LANGUAGE plpgsql AS $$
                    DECLARE
                        changed record := coalesce(NEW, OLD);
                    BEGIN
                        PERFORM pg_advisory_xact_lock(hashtext('accounts.revocations'));
                        IF TG_TABLE_NAME = 'follows' THEN
                            INSERT INTO accounts.revocations (user_id, related_user_id) VALUES (changed.follower_id, changed.followee_id);
                        ELSE
                            INSERT INTO accounts.revocations (user_id, related_user_id) VALUES (changed.blocker_id, changed.blocked_id);
                        END IF;
                        RETURN NULL;
                    END
                    $$
                    """,
                    "CREATE TRIGGER follows_changed AFTER INSERT OR DELETE ON accounts.follows FOR EACH ROW EXECUTE FUNCTION accounts.record_relation_change()",
                    "CREATE TRIGGER blocks_changed AFTER INSERT OR DELETE ON accounts.blocks FOR EACH ROW EXECUTE FUNCTION accounts.record_relation_change()",
                ]),
            // Optional given and family names on the profile ("" when not given).
            Migration(
                7, "PersonalNames",
                [
                    "ALTER TABLE accounts.users ADD COLUMN given_name text NOT NULL DEFAULT '', ADD COLUMN family_name text NOT NULL DEFAULT ''"
                ]),
            // Account mails, queued in the transaction that issues their token and sent by `MailDelivery`.
            Migration(
                8, "MailOutbox",
                PostgresMailQueue.creationStatements(schema: schema, users: "users") + PostgresMailWakeUps.creationStatements(schema: schema)),
            // The language mails come in ("" for English).
            Migration(9, "Language", ["ALTER TABLE accounts.users ADD COLUMN language text NOT NULL DEFAULT ''"]),
            // New followers for the notifications service, handed over by `PublicationDelivery`.
            Migration(10, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema)),
            Migration(
                11, "KnownDevices",
                [
                    """
                    CREATE TABLE accounts.known_devices (
                        digest bytea PRIMARY KEY,
                        user_id uuid NOT NULL REFERENCES accounts.users(id) ON DELETE CASCADE,
                        created_at timestamptz NOT NULL,
                        last_used_at timestamptz NOT NULL)
                    """,
                    "CREATE INDEX known_devices_user ON accounts.known_devices (user_id, last_used_at)",
                ]),
            // When the address last arrived through an email change: a provider never links by it.
            Migration(12, "EmailChangedAt", ["ALTER TABLE accounts.users ADD COLUMN email_changed_at timestamptz"]),
            // How many relation changes one user made lately (`RELATION_CHANGES_PER_MINUTE`).
            Migration(
                13, "RelationChangesByUser",
                ["CREATE INDEX revocations_relation_changes ON accounts.revocations (user_id, revoked_at) WHERE related_user_id IS NOT NULL"]),
            // An address given at sign-up that another account had (`User.pendingEmail`).
            Migration(
                14, "PendingEmail",
                [
                    "ALTER TABLE accounts.users ADD COLUMN pending_email text",
                    "CREATE INDEX users_pending_email ON accounts.users (pending_email, created_at) WHERE pending_email IS NOT NULL",
                ]),
            // Roles granted by an operator, and the account's last suspension (`User.suspension`).
            Migration(
                15, "RolesAndSuspension",
                [
                    """
                    ALTER TABLE accounts.users ADD COLUMN roles text[] NOT NULL DEFAULT '{}',
                        ADD COLUMN suspended_at timestamptz, ADD COLUMN suspended_until timestamptz,
                        ADD COLUMN suspension_reason text, ADD COLUMN suspended_by text
                    """,
                    "CREATE INDEX users_suspended ON accounts.users (suspended_at) WHERE suspended_at IS NOT NULL",
                ]),
            // A suspension made, changed or lifted goes on the feed too, so every service hides (or shows
            // again) the account's public content at once (`SuspendedAccounts`).
            Migration(
                16, "SuspensionChanges",
                [
                    "ALTER TABLE accounts.revocations ADD COLUMN suspension_changed boolean NOT NULL DEFAULT false",
                    """
                    CREATE FUNCTION accounts.record_suspension_change() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        PERFORM pg_advisory_xact_lock(hashtext('accounts.revocations'));
                        INSERT INTO accounts.revocations (user_id, suspension_changed) VALUES (NEW.id, true);
                        RETURN NULL;
                    END
                    $$
                    """,
                    """
                    CREATE TRIGGER users_suspension_changed AFTER UPDATE OF suspended_at, suspended_until ON accounts.users FOR EACH ROW
                    WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until)
                    EXECUTE FUNCTION accounts.record_suspension_change()
                    """,
                ]),
        ])
}
