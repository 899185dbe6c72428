import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresSocialGraphStore: SocialGraphRepository {
    let database: Database

    public func follow(follower: UUID, followee: UUID, at time: Date, telling notice: Publication?) async throws -> Bool {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // The counters move only when the row is really inserted, so retries and races keep them exact.
            let inserted = try await connection.query(
                """
                INSERT INTO accounts.follows (follower_id, followee_id, created_at)
                SELECT \(follower), \(followee), \(time)
                WHERE EXISTS (SELECT 1 FROM accounts.users WHERE id = \(follower))
                  AND EXISTS (SELECT 1 FROM accounts.users WHERE id = \(followee))
                ON CONFLICT DO NOTHING RETURNING follower_id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else { return false }
            try await connection.query("UPDATE accounts.users SET following_count = following_count + 1 WHERE id = \(follower)", logger: logger)
            try await connection.query("UPDATE accounts.users SET follower_count = follower_count + 1 WHERE id = \(followee)", logger: logger)
            if let notice {
                try await PostgresPublicationQueue.insert([notice], schema: AccountsMigrations.schema, at: time, on: connection, logger: logger)
            }
            return true
        }
    }

    public func unfollow(follower: UUID, followee: UUID) async throws -> Bool {
        try await database.transaction { connection in
            try await Self.unfollow(follower: follower, followee: followee, on: connection)
        }
    }

    static func unfollow(follower: UUID, followee: UUID, on connection: TracedConnection) async throws -> Bool {
        let logger = CallContext.current.logger
        let deleted = try await connection.query(
            """
            DELETE FROM accounts.follows WHERE follower_id = \(follower) AND followee_id = \(followee) RETURNING follower_id
            """, logger: logger
        ).collect()
        guard !deleted.isEmpty else { return false }
        try await connection.query("UPDATE accounts.users SET following_count = following_count - 1 WHERE id = \(follower)", logger: logger)
        try await connection.query("UPDATE accounts.users SET follower_count = follower_count - 1 WHERE id = \(followee)", logger: logger)
        return true
    }

    public func isFollowing(follower: UUID, followee: UUID) async throws -> Bool {
        try await !database.query(
            """
            SELECT 1 FROM accounts.follows WHERE follower_id = \(follower) AND followee_id = \(followee)
            """
        ).isEmpty
    }

    public func followers(of userID: UUID, page: PageRequest) async throws -> Page<User> {
        try await listing(
            page: page,
            select: { after in
                """
                SELECT \(unescaped: Self.prefixedUserColumns), f.created_at AS followed_at FROM accounts.follows f
                JOIN accounts.users u ON u.id = f.follower_id
                WHERE f.followee_id = \(userID) AND (f.created_at, f.follower_id) < (\(after.bound), \(after.id))
                ORDER BY f.created_at DESC, f.follower_id DESC LIMIT \(page.size + 1)
                """
            })
    }

    public func following(of userID: UUID, page: PageRequest) async throws -> Page<User> {
        try await listing(
            page: page,
            select: { after in
                """
                SELECT \(unescaped: Self.prefixedUserColumns), f.created_at AS followed_at FROM accounts.follows f
                JOIN accounts.users u ON u.id = f.followee_id
                WHERE f.follower_id = \(userID) AND (f.created_at, f.followee_id) < (\(after.bound), \(after.id))
                ORDER BY f.created_at DESC, f.followee_id DESC LIMIT \(page.size + 1)
                """
            })
    }

    public func block(blocker: UUID, blocked: UUID, at time: Date) async throws {
        try await database.transaction { connection in
            _ = try await Self.unfollow(follower: blocker, followee: blocked, on: connection)
            _ = try await Self.unfollow(follower: blocked, followee: blocker, on: connection)
            try await connection.query(
                """
                INSERT INTO accounts.blocks (blocker_id, blocked_id, created_at) VALUES (\(blocker), \(blocked), \(time))
                ON CONFLICT DO NOTHING
                """, logger: CallContext.current.logger)
        }
    }

    public func unblock(blocker: UUID, blocked: UUID) async throws -> Bool {
        try await !database.query("DELETE FROM accounts.blocks WHERE blocker_id = \(blocker) AND blocked_id = \(blocked) RETURNING 1").isEmpty
    }

    public func eitherBlocks(_ a: UUID, _ b: UUID) async throws -> Bool {
        try await !database.query(
            """
            SELECT 1 FROM accounts.blocks
            WHERE (blocker_id = \(a) AND blocked_id = \(b)) OR (blocker_id = \(b) AND blocked_id = \(a))
            """
        ).isEmpty
    }

    public func blocks(blocker: UUID, blocked: UUID) async throws -> Bool {
        try await !database.query("SELECT 1 FROM accounts.blocks WHERE blocker_id = \(blocker) AND blocked_id = \(blocked)").isEmpty
    }

    public func followingIDs(of userID: UUID) async throws -> Set<UUID> {
        Set(try await database.query("SELECT followee_id FROM accounts.follows WHERE follower_id = \(userID)").map { try $0.decode(UUID.self) })
    }

    public func blockedEitherWay(_ userID: UUID) async throws -> Set<UUID> {
        Set(
            try await database.query(
                """
                SELECT blocked_id FROM accounts.blocks WHERE blocker_id = \(userID)
                UNION SELECT blocker_id FROM accounts.blocks WHERE blocked_id = \(userID)
                """
            ).map { try $0.decode(UUID.self) })
    }

    private static let prefixedUserColumns = PostgresUserStore.columns(of: "u.")

    private func listing(page: PageRequest, select: (TimedCursor) -> PostgresQuery) async throws -> Page<User> {
        // The first page starts "after" a position later than any real follow.
        let after =
            try page.cursor.map { token throws(RoamError) in try TimedCursor(token: token) }
            ?? TimedCursor(time: .distantFuture, id: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
        let rows = try await database.query(select(after))
        var entries: [(TimedCursor, User)] = []
        for row in rows {
            let time = try row.decode(Date.self, named: "followed_at")
            let user = try PostgresUserStore.decode(row)
            entries.append((TimedCursor(time: time, id: user.id), user))
        }
        let chosen = Array(entries.prefix(page.size))
        return Page(items: chosen.map(\.1), nextCursor: entries.count > page.size ? chosen.last?.0.token : nil)
    }

    public func relationChanges(by userID: UUID, since time: Date) async throws -> Int {
        try await database.query(
            """
            SELECT count(*)::int FROM accounts.revocations
            WHERE user_id = \(userID) AND related_user_id IS NOT NULL AND revoked_at > \(time)
            """
        ).first.map { try $0.decode(Int.self) } ?? 0
    }
}
