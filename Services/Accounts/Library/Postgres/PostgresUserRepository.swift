import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresUserRepository: UserRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    static let columns = """
        id, email, username, password_hash, email_verified, display_name, bio, phone, avatar_media_id,
        follower_count, following_count, created_at
        """

    static func decode(_ row: PostgresRow) throws -> User {
        try decode(row, skippingFirst: false)
    }

    /// Decodes the user columns, optionally after one leading column the query selected first.
    static func decode(_ row: PostgresRow, skippingFirst: Bool) throws -> User {
        typealias Columns = (UUID, String, String, String, Bool, String, String, String, UUID?, Int, Int, Date)
        let c: Columns
        if skippingFirst {
            let t = try row.decode((Date, UUID, String, String, String, Bool, String, String, String, UUID?, Int, Int, Date).self)
            c = (t.1, t.2, t.3, t.4, t.5, t.6, t.7, t.8, t.9, t.10, t.11, t.12)
        } else {
            c = try row.decode(Columns.self)
        }
        return User(id: c.0, email: c.1, username: c.2, passwordHash: c.3, emailVerified: c.4,
                    profile: ProfileDetails(displayName: c.5, bio: c.6, phone: c.7, avatarMediaID: c.8),
                    followerCount: c.9, followingCount: c.10, createdAt: c.11)
    }

    public func create(_ user: User) async throws {
        do {
            try await database.query("""
                INSERT INTO accounts.users (id, email, username, password_hash, email_verified, display_name, bio, phone,
                                            avatar_media_id, created_at)
                VALUES (\(user.id), \(user.email), \(user.username), \(user.passwordHash), \(user.emailVerified),
                        \(user.profile.displayName), \(user.profile.bio), \(user.profile.phone), \(user.profile.avatarMediaID),
                        \(user.createdAt))
                """)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw error.serverInfo?[.constraintName] == "users_email_key" ? AccountsError.emailTaken : AccountsError.usernameTaken
        }
    }

    public func user(id: UUID) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE id = \(id)").first.map(Self.decode)
    }

    public func user(email: String) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE email = \(email)").first.map(Self.decode)
    }

    public func user(username: String) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE username = \(username)").first.map(Self.decode)
    }

    public func updateProfile(userID: UUID, _ changes: ProfileChanges) async throws -> User? {
        let clearAvatar = changes.avatarMediaID == .some(nil)
        let avatar = changes.avatarMediaID ?? nil
        return try await database.query("""
            UPDATE accounts.users SET
                display_name = coalesce(\(changes.displayName), display_name),
                bio = coalesce(\(changes.bio), bio),
                phone = coalesce(\(changes.phone), phone),
                avatar_media_id = CASE WHEN \(clearAvatar) THEN NULL ELSE coalesce(\(avatar), avatar_media_id) END
            WHERE id = \(userID)
            RETURNING \(unescaped: Self.columns)
            """).first.map(Self.decode)
    }

    public func markEmailVerified(userID: UUID) async throws {
        try await database.query("UPDATE accounts.users SET email_verified = true WHERE id = \(userID)")
    }

    public func setPasswordHash(userID: UUID, _ hash: String, keepingSession: UUID?) async throws {
        try await database.transaction { connection in
            try await connection.query("UPDATE accounts.users SET password_hash = \(hash) WHERE id = \(userID)",
                                       logger: RequestContext.current.logger)
            try await connection.query("""
                UPDATE accounts.sessions SET revoked_at = now()
                WHERE user_id = \(userID) AND revoked_at IS NULL AND id IS DISTINCT FROM \(keepingSession)
                """, logger: RequestContext.current.logger)
        }
    }

    public func delete(userID: UUID, at time: Date) async throws {
        try await database.transaction { connection in
            let logger = RequestContext.current.logger
            let found = try await connection.query("SELECT id FROM accounts.users WHERE id = \(userID) FOR UPDATE", logger: logger)
            guard try await found.collect().first != nil else { return }
            // Keep the counters of the people on the other side of each follow exact.
            try await connection.query("""
                UPDATE accounts.users u SET follower_count = u.follower_count - 1
                FROM accounts.follows f WHERE f.follower_id = \(userID) AND u.id = f.followee_id
                """, logger: logger)
            try await connection.query("""
                UPDATE accounts.users u SET following_count = u.following_count - 1
                FROM accounts.follows f WHERE f.followee_id = \(userID) AND u.id = f.follower_id
                """, logger: logger)
            try await connection.query("DELETE FROM accounts.users WHERE id = \(userID)", logger: logger)
            // Other services forget the user when the outbox tells them.
            try await PostgresOutbox.insert(OutboxEntry(id: .v7(at: time), topic: .userDeleted, subjectID: userID, createdAt: time),
                                            schema: AccountsMigrations.schema, on: connection, logger: logger)
        }
    }

    public func search(prefix: String, page: PageRequest) async throws -> Page<User> {
        let after = try page.cursor.map { token throws(RoamError) in try PageCursor.decode(token, count: 1)[0] } ?? ""
        let pattern = prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let users = try await database.query("""
                SELECT \(unescaped: Self.columns) FROM accounts.users
                WHERE (username LIKE \(pattern) OR lower(display_name) LIKE \(pattern)) AND username COLLATE "C" > \(after)
                ORDER BY username COLLATE "C" LIMIT \(page.size + 1)
                """).map(Self.decode)
        let items = Array(users.prefix(page.size))
        return Page(items: items, nextCursor: users.count > page.size ? items.last.map { PageCursor.encode([$0.username]) } : nil)
    }
}
