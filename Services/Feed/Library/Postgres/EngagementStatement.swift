import Foundation
import PostgresNIO

/// The counts, "liked by me" and "saved by me" of some subjects, prepared: every read of posts and
/// every like and unlike ends with it, and parsing and planning it (an unnest, a lateral sum and two
/// sub-plans) cost PostgreSQL several times what running it did (`perf` during a hot post's likes).
struct EngagementStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static let sql = """
        SELECT i.id, c.likes, c.comments, c.views,
               EXISTS (SELECT 1 FROM feed.likes l WHERE l.subject_kind = $1 AND l.subject_id = i.id AND l.user_id = $3),
               $4 AND EXISTS (SELECT 1 FROM feed.saves s WHERE s.user_id = $3 AND s.post_id = i.id)
        FROM unnest($2::uuid[]) AS i(id)
        LEFT JOIN LATERAL (SELECT sum(likes)::bigint AS likes, sum(comments)::bigint AS comments, sum(views)::bigint AS views
                           FROM feed.counters WHERE subject_kind = $1 AND subject_id = i.id) c ON true
        """

    var kind: Subject.Kind
    var ids: [UUID]
    var viewer: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(kind.rawValue)
        bindings.append(ids)
        bindings.append(viewer)
        bindings.append(kind == .post)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow {
        row
    }
}
