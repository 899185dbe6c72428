import Foundation
import PostgresNIO
import RoamMail
import RoamRuntime

public struct PostgresUserStore: UserRepository {
    let database: Database

    static let columns = columns(of: "")

    /// The user columns of `table` ("u." for an alias), in the order `decode` reads them. An account made
    /// through a provider may have no email: it is NULL in the table (which stays unique) and "" here.
    static func columns(of table: String) -> String {
        """
        \(table)id, coalesce(\(table)email, '') AS email, \(table)username, \(table)password_hash, \(table)email_verified,
        \(table)display_name, \(table)bio, \(table)phone, \(table)avatar_media_id, \(table)follower_count, \(table)following_count,
        \(table)created_at, \(table)username_changed_at, \(table)terms_version, \(table)terms_accepted_at, \(table)given_name,
        \(table)family_name, \(table)language, \(table)email_changed_at, \(table)pending_email, \(table)roles, \(table)suspended_at,
        \(table)suspended_until, \(table)suspension_reason, \(table)suspended_by
        """
    }

    static func decode(_ row: PostgresRow) throws -> User {
        let (
            id, email, username, passwordHash, emailVerified, displayName, bio, phone, avatar, followers, following, createdAt,
            usernameChangedAt, termsVersion, termsAcceptedAt, givenName, familyName, language, emailChangedAt, pendingEmail, roles,
            suspendedAt, suspendedUntil, suspensionReason, suspendedBy
        ) = try row.decode(
            (
                UUID, String, String, String?, Bool, String, String, String, UUID?, Int, Int, Date, Date?, String?, Date?, String, String, String,
                Date?, String?, [String], Date?, Date?, String?, String?
            ).self)
        let terms = try termsVersion.map { version in
            guard let termsAcceptedAt else { throw RoamError.internal }
            return TermsAcceptance(version: version, acceptedAt: termsAcceptedAt)
        }
        return User(
            id: id, email: email, username: username, passwordHash: passwordHash, emailVerified: emailVerified,
            profile: ProfileDetails(
                displayName: displayName, bio: bio, phone: phone, avatarMediaID: avatar, givenName: givenName, familyName: familyName,
                language: language),
            followerCount: followers, followingCount: following, createdAt: createdAt, usernameChangedAt: usernameChangedAt,
            acceptedTerms: terms, emailChangedAt: emailChangedAt, pendingEmail: pendingEmail,
            roles: Set(roles.compactMap(Role.init(rawValue:))),
            suspension: suspendedAt.map {
                Suspension(suspendedAt: $0, until: suspendedUntil, reason: suspensionReason ?? "", suspendedBy: suspendedBy ?? "")
            })
    }

    public func create(_ user: User) async throws {
        do {
            try await database.query(Self.insert(user))
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw Self.conflict(error)
        }
    }

    static func insert(_ user: User) -> PostgresQuery {
        """
        INSERT INTO accounts.users (id, email, username, password_hash, email_verified, display_name, bio, phone,
                                    avatar_media_id, created_at, terms_version, terms_accepted_at, given_name, family_name, language,
                                    pending_email)
        VALUES (\(user.id), NULLIF(\(user.email), ''), \(user.username), \(user.passwordHash), \(user.emailVerified),
                \(user.profile.displayName), \(user.profile.bio), \(user.profile.phone), \(user.profile.avatarMediaID),
                \(user.createdAt), \(user.acceptedTerms?.version), \(user.acceptedTerms?.acceptedAt), \(user.profile.givenName),
                \(user.profile.familyName), \(user.profile.language), \(user.pendingEmail))
        """
    }

    /// The domain error for a unique violation on the users table.
    static func conflict(_ error: PSQLError) -> RoamError {
        error.serverInfo?[.constraintName] == "users_email_key" ? AccountsError.emailTaken : AccountsError.usernameTaken
    }

    public func user(id: UUID) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE id = \(id)").first.map(Self.decode)
    }

    public func user(email: String) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE email = \(email)").first.map(Self.decode)
    }

    public func users(awaitingEmail email: String, limit: Int) async throws -> [User] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.users WHERE pending_email = \(email) ORDER BY created_at DESC LIMIT \(limit)
            """
        ).map(Self.decode)
    }

    public func user(username: String) async throws -> User? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE username = \(username)").first.map(Self.decode)
    }

    public func users(ids: [UUID]) async throws -> [User] {
        try await database.query("SELECT \(unescaped: Self.columns) FROM accounts.users WHERE id = ANY(\(ids))").map(Self.decode)
    }

    public func updateProfile(userID: UUID, _ changes: ProfileChanges) async throws -> User? {
        let clearAvatar = changes.avatarMediaID == .some(nil)
        let avatar = changes.avatarMediaID ?? nil
        return try await database.query(
            """
            UPDATE accounts.users SET
                display_name = coalesce(\(changes.displayName), display_name),
                bio = coalesce(\(changes.bio), bio),
                phone = coalesce(\(changes.phone), phone),
                given_name = coalesce(\(changes.givenName), given_name),
                family_name = coalesce(\(changes.familyName), family_name),
                language = coalesce(\(changes.language), language),
                avatar_media_id = CASE WHEN \(clearAvatar) THEN NULL ELSE coalesce(\(avatar), avatar_media_id) END
            WHERE id = \(userID)
            RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func changeEmail(userID: UUID, to email: String, notifying notice: Mail?) async throws -> User? {
        do {
            return try await database.transaction { connection in
                let logger = CallContext.current.logger
                let rows = try await connection.query(
                    """
                    UPDATE accounts.users SET email = \(email), email_verified = true, email_changed_at = now() WHERE id = \(userID)
                    RETURNING \(unescaped: Self.columns)
                    """, logger: logger)
                guard let user = try await rows.collect().first.map(Self.decode) else { return nil }
                if let notice { try await PostgresMailQueue.insert(notice.queued, schema: AccountsMigrations.schema, on: connection, logger: logger) }
                return user
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw AccountsError.emailTaken
        }
    }

    public func changeUsername(userID: UUID, to username: String, at time: Date, ifUnchangedSince cutoff: Date) async throws -> User? {
        do {
            return try await database.query(
                """
                UPDATE accounts.users SET username = \(username), username_changed_at = \(time)
                WHERE id = \(userID) AND (username_changed_at IS NULL OR username_changed_at <= \(cutoff))
                RETURNING \(unescaped: Self.columns)
                """
            ).first.map(Self.decode)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw AccountsError.usernameTaken
        }
    }

    public func acceptTerms(userID: UUID, _ acceptance: TermsAcceptance) async throws {
        try await database.query(
            """
            UPDATE accounts.users SET terms_version = \(acceptance.version), terms_accepted_at = \(acceptance.acceptedAt)
            WHERE id = \(userID)
            """)
    }

    public func markEmailVerified(userID: UUID) async throws {
        try await database.query("UPDATE accounts.users SET email_verified = true WHERE id = \(userID)")
    }

    public func setPasswordHash(userID: UUID, _ hash: String, keepingSession: UUID?) async throws {
        try await database.transaction { connection in
            try await connection.query(
                "UPDATE accounts.users SET password_hash = \(hash) WHERE id = \(userID)",
                logger: CallContext.current.logger)
            try await connection.query(
                """
                UPDATE accounts.sessions SET revoked_at = now()
                WHERE user_id = \(userID) AND revoked_at IS NULL AND id IS DISTINCT FROM \(keepingSession)
                """, logger: CallContext.current.logger)
        }
    }

    public func delete(userID: UUID, at time: Date, purgeFrom: Date) async throws {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let found = try await connection.query("SELECT id FROM accounts.users WHERE id = \(userID) FOR UPDATE", logger: logger)
            guard try await found.collect().first != nil else { return }
            // Keep the counters of the people on the other side of each follow exact.
            try await connection.query(
                """
                UPDATE accounts.users u SET follower_count = u.follower_count - 1
                FROM accounts.follows f WHERE f.follower_id = \(userID) AND u.id = f.followee_id
                """, logger: logger)
            try await connection.query(
                """
                UPDATE accounts.users u SET following_count = u.following_count - 1
                FROM accounts.follows f WHERE f.followee_id = \(userID) AND u.id = f.follower_id
                """, logger: logger)
            try await connection.query("DELETE FROM accounts.users WHERE id = \(userID)", logger: logger)
            try await PostgresPublicationQueue.forget(user: userID, schema: AccountsMigrations.schema, on: connection, logger: logger)
            // Other services forget the user when the outbox tells them.
            try await PostgresOutbox.insert(
                OutboxEntry(
                    id: .v7(at: time), topic: .userDeleted, subjectID: userID, createdAt: time,
                    notBefore: purgeFrom),
                schema: AccountsMigrations.schema, on: connection, logger: logger)
        }
    }

    public func search(prefix: String, page: PageRequest) async throws -> Page<User> {
        let after = try page.cursor.map { token throws(RoamError) in try PageCursor.decode(token, count: 1)[0] } ?? ""
        let pattern = Self.likePattern(prefix: prefix)
        let users = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.users
            WHERE (username LIKE \(pattern) OR lower(display_name) LIKE \(pattern)) AND username COLLATE "C" > \(after)
              AND (suspended_at IS NULL OR suspended_until <= now())
            ORDER BY username COLLATE "C" LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        let items = Array(users.prefix(page.size))
        return Page(items: items, nextCursor: users.count > page.size ? items.last.map { PageCursor.encode([$0.username]) } : nil)
    }

    public func find(prefix: String, page: PageRequest) async throws -> Page<User> {
        let after = try page.cursor.map { token throws(RoamError) in try PageCursor.decode(token, count: 1)[0] } ?? ""
        let pattern = Self.likePattern(prefix: prefix.lowercased())
        let users = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.users
            WHERE (username LIKE \(pattern) OR lower(display_name) LIKE \(pattern) OR email LIKE \(pattern) OR pending_email LIKE \(pattern))
              AND username COLLATE "C" > \(after)
            ORDER BY username COLLATE "C" LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        let items = Array(users.prefix(page.size))
        return Page(items: items, nextCursor: users.count > page.size ? items.last.map { PageCursor.encode([$0.username]) } : nil)
    }

    /// `prefix` as a LIKE pattern matching what starts with it (its backslash, `%` and `_` taken literally).
    static func likePattern(prefix: String) -> String {
        prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    public func suspend(userID: UUID, _ suspension: Suspension, notifying notice: Mail?) async throws -> AccountChange? {
        try await change(
            userID: userID, endingSessions: true, notifying: notice,
            """
            UPDATE accounts.users SET suspended_at = \(suspension.suspendedAt), suspended_until = \(suspension.until),
                suspension_reason = \(suspension.reason), suspended_by = \(suspension.suspendedBy)
            WHERE id = \(userID) RETURNING \(unescaped: Self.columns)
            """)
    }

    public func liftSuspension(userID: UUID, notifying notice: Mail?) async throws -> AccountChange? {
        try await change(
            userID: userID, endingSessions: false, notifying: notice,
            """
            UPDATE accounts.users SET suspended_at = NULL, suspended_until = NULL, suspension_reason = NULL, suspended_by = NULL
            WHERE id = \(userID) RETURNING \(unescaped: Self.columns)
            """)
    }

    public func setRole(_ role: Role, granted: Bool, userID: UUID) async throws -> AccountChange? {
        try await change(
            userID: userID, endingSessions: !granted, notifying: nil,
            """
            UPDATE accounts.users
            SET roles = CASE WHEN \(granted) THEN array(SELECT DISTINCT unnest(roles || \(role.rawValue)::text) ORDER BY 1)
                             ELSE array_remove(roles, \(role.rawValue)) END
            WHERE id = \(userID) RETURNING \(unescaped: Self.columns)
            """)
    }

    /// Locks the account, runs `update` (returning the account's columns), and (when asked) ends its sessions and queues `notice`, in one transaction.
    private func change(
        userID: UUID, endingSessions: Bool, notifying notice: Mail?, _ update: PostgresQuery
    ) async throws -> AccountChange? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let locked = try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM accounts.users WHERE id = \(userID) FOR UPDATE", logger: logger)
            guard let before = try await locked.collect().first.map(Self.decode) else { return nil }
            guard let after = try await connection.query(update, logger: logger).collect().first.map(Self.decode) else { return nil }
            var ended = 0
            if endingSessions {
                ended = try await connection.query(
                    "UPDATE accounts.sessions SET revoked_at = now() WHERE user_id = \(userID) AND revoked_at IS NULL RETURNING id",
                    logger: logger
                ).collect().count
            }
            if let notice { try await PostgresMailQueue.insert(notice.queued, schema: AccountsMigrations.schema, on: connection, logger: logger) }
            return AccountChange(before: before, after: after, sessionsEnded: ended)
        }
    }
}
