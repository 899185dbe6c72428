import Foundation
import PostgresNIO

/// Takes a like back and the liker's counter shard down with it, prepared as `LikeStatement` is. A row
/// comes back when there was a like to take.
struct UnlikeStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static let sql = """
        WITH unliked AS (
            DELETE FROM feed.likes WHERE subject_kind = $1 AND subject_id = $2 AND user_id = $3
            RETURNING 1)
        INSERT INTO feed.counters (subject_kind, subject_id, shard, likes)
        SELECT $1, $2, $4, -1 FROM unliked
        ON CONFLICT (subject_kind, subject_id, shard) DO UPDATE SET likes = feed.counters.likes - 1
        RETURNING 1
        """

    var subject: Subject
    var user: UUID
    var shard: Int16

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(subject.kind.rawValue)
        bindings.append(subject.id)
        bindings.append(user)
        bindings.append(shard)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow {
        row
    }
}
