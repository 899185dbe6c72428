import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    static let commentColumns = """
        id, subject_kind, subject_id, parent_id, author_id, text, created_at, edited_at, deleted, event_id, taken_down_at, takedown_reason,
        taken_down_by
        """

    static func decodeComment(_ row: PostgresRow) throws -> Comment {
        let (id, kind, subject, parent, author, text, created, edited, deleted, event, downAt, downReason, downBy) =
            try row.decode((UUID, String, UUID, UUID?, UUID?, String, Date, Date?, Bool, UUID?, Date?, String?, String?).self)
        return Comment(
            id: id, subject: Subject(Subject.Kind(rawValue: kind) ?? .post, subject), parentID: parent, authorID: author,
            text: text, createdAt: created, editedAt: edited, isDeleted: deleted, eventID: event,
            takedown: downAt.map { Takedown(at: $0, reason: downReason ?? "", by: downBy ?? "") })
    }

    /// Spreads a subject's counts over this many rows.
    static let counterShards = 8

    static func shard(of id: UUID) -> Int16 {
        Int16(id.uuid.15 % UInt8(counterShards))
    }

    public func addComment(_ comment: Comment, idempotencyKey: String?, telling notice: Publication?) async throws -> Comment {
        try await database.transaction { connection in
            if let idempotencyKey,
                let existing = try await connection.query(
                    """
                    SELECT \(unescaped: Self.commentColumns) FROM feed.comments
                    WHERE author_id = \(comment.authorID) AND idempotency_key = \(idempotencyKey)
                    """, logger: logger
                ).collect().first
            {
                let first = try Self.decodeComment(existing)
                try await connection.checkReplay(of: "feed.comments", id: first.id, logger: logger)
                return first
            }
            // Share-locking what the comment hangs on keeps a concurrent delete from leaving it orphaned.
            guard try await Self.lockLive(comment.subject, connection, logger) else { throw FeedError.postNotFound }
            if let parent = comment.parentID, try await !Self.lockLive(.comment(parent), connection, logger) {
                throw FeedError.commentNotFound
            }
            let inserted = try await connection.query(
                """
                INSERT INTO feed.comments (id, subject_kind, subject_id, parent_id, author_id, text, created_at, event_id, idempotency_key, idempotency_fingerprint)
                VALUES (\(comment.id), \(comment.subject.kind.rawValue), \(comment.subject.id), \(comment.parentID), \(comment.authorID),
                        \(comment.text), \(comment.createdAt), \(comment.eventID), \(idempotencyKey), \(IdempotentRequest.fingerprint))
                ON CONFLICT (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
                RETURNING id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else { throw RoamError(.aborted, reason: "ABORTED", message: "a retry of this comment is in progress") }
            try await Self.count(comments: 1, on: comment.subject, shard: Self.shard(of: comment.id), connection, logger)
            if let notice {
                try await PostgresPublicationQueue.insert(
                    [notice], schema: FeedMigrations.schema, at: comment.createdAt, on: connection, logger: logger)
            }
            return comment
        }
    }

    public func comment(id: UUID) async throws -> Comment? {
        try await database.query("SELECT \(unescaped: Self.commentColumns) FROM feed.comments WHERE id = \(id)").first.map(Self.decodeComment)
    }

    public func comments(on subject: Subject, page: PageRequest) async throws -> Page<Comment> {
        let after = try CommentCursor.decode(page.cursor)
        let comments = try await database.query(
            """
            SELECT \(unescaped: Self.commentColumns) FROM feed.comments
            WHERE subject_kind = \(subject.kind.rawValue) AND subject_id = \(subject.id) AND (\(after == nil) OR id > \(after ?? UUID()))
            ORDER BY id LIMIT \(page.size + 1)
            """
        ).map(Self.decodeComment)
        return Page(fetched: comments, size: page.size, cursor: CommentCursor.encode(after:))
    }

    public func updateComment(id: UUID, text: String, at time: Date) async throws -> Comment? {
        try await database.query(
            """
            UPDATE feed.comments SET text = \(text), edited_at = \(time) WHERE id = \(id) AND NOT deleted
            RETURNING \(unescaped: Self.commentColumns)
            """
        ).first.map(Self.decodeComment)
    }

    public func deleteComment(id: UUID) async throws -> Bool {
        try await database.transaction { connection in
            guard
                let row = try await connection.query(
                    """
                    SELECT \(unescaped: Self.commentColumns) FROM feed.comments WHERE id = \(id) FOR UPDATE
                    """, logger: logger
                ).collect().first
            else { return false }
            let comment = try Self.decodeComment(row)
            guard !comment.isDeleted else { return false }
            try await Self.forgetEngagement(of: .comment, ids: [id], connection, logger)
            // A taken-down comment was counted out when it went down.
            if comment.takedown == nil {
                try await Self.count(comments: -1, on: comment.subject, shard: Self.shard(of: id), connection, logger)
            }
            if try await Self.hasReplies(id, connection, logger) {
                try await connection.query(
                    """
                    UPDATE feed.comments SET deleted = true, author_id = NULL, text = '', edited_at = NULL, idempotency_key = NULL,
                        taken_down_at = NULL, takedown_reason = NULL, taken_down_by = NULL
                    WHERE id = \(id)
                    """, logger: logger)
                return true
            }
            try await connection.query("DELETE FROM feed.comments WHERE id = \(id)", logger: logger)
            // A tombstone whose last reply went has nothing left to hold up.
            var parent = comment.parentID
            while let above = parent,
                let row = try await connection.query(
                    """
                    SELECT parent_id FROM feed.comments WHERE id = \(above) AND deleted FOR UPDATE
                    """, logger: logger
                ).collect().first, try await !Self.hasReplies(above, connection, logger)
            {
                try await connection.query("DELETE FROM feed.comments WHERE id = \(above)", logger: logger)
                parent = try row.decode(UUID?.self)
            }
            return true
        }
    }

    public func setTakedown(ofComment id: UUID, _ takedown: Takedown?) async throws -> Comment? {
        try await database.transaction { connection in
            guard
                let row = try await connection.query(
                    "SELECT \(unescaped: Self.commentColumns) FROM feed.comments WHERE id = \(id) AND NOT deleted FOR UPDATE", logger: logger
                ).collect().first
            else { return nil }
            var comment = try Self.decodeComment(row)
            let delta = (comment.takedown == nil ? 0 : 1) - (takedown == nil ? 0 : 1)
            try await connection.query(
                """
                UPDATE feed.comments SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
                WHERE id = \(id)
                """, logger: logger)
            if delta != 0 { try await Self.count(comments: delta, on: comment.subject, shard: Self.shard(of: id), connection, logger) }
            comment.takedown = takedown
            return comment
        }
    }

    public func commentIDs(by author: UUID) async throws -> [UUID] {
        try await database.query("SELECT id FROM feed.comments WHERE author_id = \(author) AND NOT deleted").map { try $0.decode(UUID.self) }
    }

    static func hasReplies(_ id: UUID, _ connection: TracedConnection, _ logger: Logger) async throws -> Bool {
        try await !connection.query("SELECT 1 FROM feed.comments WHERE parent_id = \(id) LIMIT 1", logger: logger).collect().isEmpty
    }

    /// Share-locks a live post or comment; false when there is none.
    static func lockLive(_ subject: Subject, _ connection: TracedConnection, _ logger: Logger) async throws -> Bool {
        // Kept elsewhere: the service has asked its owner.
        guard !subject.kind.isExternal else { return true }
        let query: PostgresQuery =
            subject.kind == .post
            ? "SELECT 1 FROM feed.posts WHERE id = \(subject.id) FOR SHARE"
            : "SELECT 1 FROM feed.comments WHERE id = \(subject.id) AND NOT deleted FOR SHARE"
        return try await !connection.query(query, logger: logger).collect().isEmpty
    }

    static func count(comments delta: Int, on subject: Subject, shard: Int16, _ connection: TracedConnection, _ logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO feed.counters (subject_kind, subject_id, shard, comments)
            VALUES (\(subject.kind.rawValue), \(subject.id), \(shard), \(delta))
            ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET comments = feed.counters.comments + \(delta)
            """, logger: logger)
    }
}
