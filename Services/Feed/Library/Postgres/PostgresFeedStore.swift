import Foundation
import PostgresNIO
import RoamRuntime

/// Posts, comments and likes in PostgreSQL.
public struct PostgresFeedStore: FeedStore {
    let database: Database

    var logger: Logger { CallContext.current.logger }

    public var publications: any PublicationQueue { PostgresPublicationQueue(database: database, schema: FeedMigrations.schema) }

    public func forgetNotices(to user: UUID) async throws { try await publications.forget(user: user) }

    static let columns = """
        id, author_id, event_id, place_latitude, place_longitude, place_name, text, media_ids, tags, created_at, edited_at, to_followers, title,
        taken_down_at, takedown_reason, taken_down_by
        """

    /// `columns` of a post aliased `p`.
    static let columnsOfP = columns.split(separator: ",").map { "p." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .joined(separator: ", ")

    static func decode(_ row: PostgresRow) throws -> Post {
        let (id, author, event, latitude, longitude, name, text, media, tags, created, edited, toFollowers, title, takenDownAt, reason, by) =
            try row.decode(
                (UUID, UUID, UUID?, Double?, Double?, String?, String, [UUID], [String], Date, Date?, Bool, String, Date?, String?, String?).self)
        let audience: Audience
        if let event {
            audience = .event(event)
        } else if toFollowers {
            audience = .followers
        } else {
            audience = .place(Place(latitude: latitude ?? 0, longitude: longitude ?? 0, name: name ?? ""))
        }
        return Post(
            id: id, authorID: author, audience: audience, text: text, mediaIDs: media, tags: tags, createdAt: created,
            editedAt: edited, title: title, takedown: takenDownAt.map { Takedown(at: $0, reason: reason ?? "", by: by ?? "") })
    }

    public func create(_ post: Post, idempotencyKey: String?) async throws -> Post {
        let place = post.audience.place
        // A new story starts trending at once, with the rank of a story nobody has engaged with yet.
        let hotRank = post.isStory ? StoryScore.hotRank(points: 0, age: 0) : 0
        let inserted = try await database.query(
            """
            INSERT INTO feed.posts (id, author_id, event_id, place_latitude, place_longitude, place_name, to_followers, text, media_ids,
                                    tags, created_at, idempotency_key, idempotency_fingerprint, hot_rank, title)
            VALUES (\(post.id), \(post.authorID), \(post.audience.eventID), \(place?.latitude), \(place?.longitude), \(place?.name),
                    \(post.audience == .followers), \(post.text), \(post.mediaIDs), \(post.tags), \(post.createdAt), \(idempotencyKey), \(IdempotentRequest.fingerprint),
                    \(hotRank), \(post.title))
            ON CONFLICT (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
            RETURNING id
            """)
        guard inserted.isEmpty, let idempotencyKey else { return post }
        // The same request was made before: answer with what it created.
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM feed.posts WHERE author_id = \(post.authorID) AND idempotency_key = \(idempotencyKey)
            """)
        guard let row = rows.first else { throw RoamError.internal }
        let first = try Self.decode(row)
        try await database.checkReplay(of: "feed.posts", id: first.id)
        return first
    }

    public func post(id: UUID) async throws -> Post? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM feed.posts WHERE id = \(id)").first.map(Self.decode)
    }

    public func posts(inEvent event: UUID, page: PageRequest) async throws -> Page<Post> {
        let after = try PostCursor.decode(page.cursor)
        let before = after ?? UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
        let posts = try await database.query(
            "SELECT \(unescaped: Self.columns) FROM feed.event_posts_newest_first(\(event), \(before), \(page.size + 1))"
        ).map(Self.decode)
        return Page(fetched: posts, size: page.size, cursor: PostCursor.encode(after:))
    }

    public func setTakedown(ofPost id: UUID, _ takedown: Takedown?) async throws -> Post? {
        try await database.query(
            """
            UPDATE feed.posts SET taken_down_at = \(takedown?.at), takedown_reason = \(takedown?.reason), taken_down_by = \(takedown?.by)
            WHERE id = \(id) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func update(id: UUID, _ changes: PostChanges, at time: Date) async throws -> Post? {
        let moved = changes.place != nil
        return try await database.query(
            """
            UPDATE feed.posts SET text = \(changes.text), media_ids = \(changes.mediaIDs), tags = \(changes.tags), edited_at = \(time),
                title = coalesce(\(changes.title), title),
                place_latitude = CASE WHEN \(moved) THEN \(changes.place?.latitude) ELSE place_latitude END,
                place_longitude = CASE WHEN \(moved) THEN \(changes.place?.longitude) ELSE place_longitude END,
                place_name = CASE WHEN \(moved) THEN \(changes.place?.name) ELSE place_name END
            WHERE id = \(id) RETURNING \(unescaped: Self.columns)
            """
        ).first.map(Self.decode)
    }

    public func storyCount(by author: UUID) async throws -> Int {
        try await database.query(
            """
            SELECT count(*) FROM feed.posts WHERE author_id = \(author) AND place_name IS NOT NULL
            """
        ).first?.decode(Int.self) ?? 0
    }

    /// The post goes with its comments, likes and counts, in one transaction.
    public func delete(id: UUID) async throws -> Bool {
        try await database.transaction { connection in
            guard try await !connection.query("DELETE FROM feed.posts WHERE id = \(id) RETURNING id", logger: logger).collect().isEmpty else {
                return false
            }
            try await Self.forgetThreads(ofPosts: [id], connection, logger)
            return true
        }
    }

    public func deletePosts(by author: UUID) async throws -> Int {
        try await deletePosts("DELETE FROM feed.posts WHERE author_id = \(author) RETURNING id")
    }

    public func deletePosts(inEvent event: UUID) async throws -> Int {
        try await deletePosts("DELETE FROM feed.posts WHERE event_id = \(event) RETURNING id")
    }

    /// Runs a `DELETE … RETURNING id` of posts and forgets their threads, in one transaction. Deleting
    /// the posts first makes concurrent comments and likes on them fail rather than linger.
    private func deletePosts(_ delete: PostgresQuery) async throws -> Int {
        try await database.transaction { connection in
            let gone = try await connection.query(delete, logger: logger).collect().map { try $0.decode(UUID.self) }
            try await Self.forgetThreads(ofPosts: gone, connection, logger)
            return gone.count
        }
    }

    /// Deletes the posts' comments and every like and count of them, inside the caller's transaction.
    static func forgetThreads(ofPosts posts: [UUID], _ connection: TracedConnection, _ logger: Logger) async throws {
        guard !posts.isEmpty else { return }
        let comments = try await connection.query(
            """
            DELETE FROM feed.comments WHERE subject_kind = 'post' AND subject_id = ANY(\(posts)) RETURNING id
            """, logger: logger
        ).collect().map { try $0.decode(UUID.self) }
        try await forgetEngagement(of: .comment, ids: comments, connection, logger)
        try await forgetEngagement(of: .post, ids: posts, connection, logger)
    }

    static func forgetEngagement(of kind: Subject.Kind, ids: [UUID], _ connection: TracedConnection, _ logger: Logger) async throws {
        guard !ids.isEmpty else { return }
        try await connection.query("DELETE FROM feed.likes WHERE subject_kind = \(kind.rawValue) AND subject_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM feed.counters WHERE subject_kind = \(kind.rawValue) AND subject_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM feed.reports WHERE subject_kind = \(kind.rawValue) AND subject_id = ANY(\(ids))", logger: logger)
        guard kind == .post else { return }
        try await connection.query("DELETE FROM feed.saves WHERE post_id = ANY(\(ids))", logger: logger)
        try await connection.query("DELETE FROM feed.story_viewers WHERE post_id = ANY(\(ids))", logger: logger)
    }
}
