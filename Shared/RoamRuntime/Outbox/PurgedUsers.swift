import Foundation
import PostgresNIO

/// The users a service has purged, kept in its own schema (`<schema>.purged_users`). A trigger on each
/// table that holds a user's things refuses a new row for one of them with `ACCOUNT_DELETED`, so a write
/// that raced the account's deletion (admitted before the revocation reached this process, or still
/// running past its caller's deadline) can never land after the purge and outlive it.
///
/// Order: `mark` first, then delete. Marking takes the user's lock exclusively, so it waits for the
/// writes of theirs in flight (each trigger holds the lock shared until its transaction ends); those
/// are then visible to the deletes, and every later write sees the mark.
public struct PurgedUsers: Sendable {
    let database: Database?
    let schema: String

    /// `schema` is a constant of the service, never user input; nil `database`: the in-memory stores,
    /// where nothing is marked (they serve tests and one process).
    public init(database: Database?, schema: String) {
        self.database = database
        self.schema = schema
    }

    /// For the in-memory stores: nothing is marked.
    public static let inMemory = PurgedUsers(database: nil, schema: "")

    /// The SQLSTATE the triggers raise (class RD is the implementation's own).
    public static let refusalState = "RD001"

    public func mark(_ user: UUID) async throws {
        guard let database else { return }
        let schema = schema
        try await database.transaction { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtext(\(schema + ".purged_users")), hashtext(\(user.uuidString.lowercased())))",
                logger: CallContext.current.logger)
            try await connection.query(
                """
                INSERT INTO \(unescaped: schema).purged_users (user_id, purged_at) VALUES (\(user), now()) ON CONFLICT (user_id) DO NOTHING
                """, logger: CallContext.current.logger)
        }
    }

    /// A migration's statements: the table, and a refusing trigger on each `(table, column)` that names
    /// the user a row belongs to. Leave out tables whose rows hang off one of these by a foreign key.
    public static func creationStatements(schema: String, owners: [(table: String, column: String)]) -> [String] {
        ["CREATE TABLE \(schema).purged_users (user_id uuid PRIMARY KEY, purged_at timestamptz NOT NULL)"]
            + refusalStatements(schema: schema, owners: owners)
    }

    /// The refusing triggers alone, for tables added after `purged_users`.
    public static func refusalStatements(schema: String, owners: [(table: String, column: String)]) -> [String] {
        owners.flatMap { owner in
            [
                """
                CREATE FUNCTION \(schema).refuse_purged_\(owner.table)_\(owner.column)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_advisory_xact_lock_shared(hashtext('\(schema).purged_users'), hashtext(NEW.\(owner.column)::text));
                    IF EXISTS (SELECT 1 FROM \(schema).purged_users WHERE user_id = NEW.\(owner.column)) THEN
                        RAISE EXCEPTION USING ERRCODE = '\(refusalState)', MESSAGE = 'the account was deleted';
                    END IF;
                    RETURN NEW;
                END $$
                """,
                """
                CREATE TRIGGER refuse_purged_\(owner.column) BEFORE INSERT ON \(schema).\(owner.table) FOR EACH ROW
                EXECUTE FUNCTION \(schema).refuse_purged_\(owner.table)_\(owner.column)()
                """,
            ]
        }
    }
}
