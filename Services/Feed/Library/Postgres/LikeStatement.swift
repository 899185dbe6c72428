import Foundation
import PostgresNIO

/// A like and its count in one prepared statement: the like goes in when the subject is there (a post,
/// a comment not deleted, or another service's subject, which that service vouched for), and the
/// liker's counter shard goes up with it. A hot post's likers send it thousands of times a second, and
/// parsing and planning it cost PostgreSQL more than running it. A row comes back when the like is new.
struct LikeStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static let sql = """
        WITH liked AS (
            INSERT INTO feed.likes (subject_kind, subject_id, user_id, created_at)
            SELECT $1, $2, $3, $4
            WHERE ($1 = 'post' AND EXISTS (SELECT 1 FROM feed.posts WHERE id = $2 FOR KEY SHARE))
               OR ($1 = 'comment' AND EXISTS (SELECT 1 FROM feed.comments WHERE id = $2 AND NOT deleted FOR KEY SHARE))
               OR $6
            ON CONFLICT DO NOTHING
            RETURNING 1)
        INSERT INTO feed.counters (subject_kind, subject_id, shard, likes)
        SELECT $1, $2, $5, 1 FROM liked
        ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET likes = feed.counters.likes + 1
        RETURNING 1
        """

    var subject: Subject
    var user: UUID
    var time: Date
    var shard: Int16

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(subject.kind.rawValue)
        bindings.append(subject.id)
        bindings.append(user)
        bindings.append(time)
        bindings.append(shard)
        bindings.append(subject.kind.isExternal)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow {
        row
    }
}
