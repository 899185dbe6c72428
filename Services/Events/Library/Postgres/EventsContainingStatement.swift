import Foundation
import PostgresNIO

/// The home page's statement, prepared: live events whose fence contains a point, nearest first, a
/// page after a cursor, with the viewer's role in each. Parsing and planning this statement cost
/// PostgreSQL more than running it (`perf`: the parser, planner and catalogue look-ups led its profile).
///
/// The box index narrows to fences whose bounding box holds the point; `ST_DWithin` is the exact test.
struct EventsContainingStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static let sql = """
        SELECT page.*,
               CASE WHEN EXISTS (SELECT 1 FROM events.bans b WHERE b.event_id = page.id AND b.user_id = $8) THEN 'banned'
                    ELSE coalesce((SELECT m.role FROM events.members m WHERE m.event_id = page.id AND m.user_id = $8),
                                  CASE WHEN EXISTS (SELECT 1 FROM events.waitlist w WHERE w.event_id = page.id AND w.user_id = $8)
                                       THEN 'waitlisted' ELSE 'none' END) END
        FROM (
            SELECT * FROM (
                SELECT \(PostgresEventStore.columns),
                       ST_Distance(e.center, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, false) AS distance
                FROM events.events e
                WHERE e.fence_box && ST_SetSRID(ST_MakePoint($1, $2), 4326)
                  AND ST_DWithin(e.center, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, e.radius_meters, false)
                  AND e.starts_at <= $3 AND e.ends_at > $3 AND e.walk_id IS NULL) hits
            WHERE $4 OR (distance, id) > ($5, $6)
            ORDER BY distance, id LIMIT $7) page
        ORDER BY distance, id
        """

    var longitude: Double
    var latitude: Double
    var time: Date
    var after: (meters: Double, id: UUID)?
    var limit: Int
    var viewer: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 8)
        bindings.append(longitude)
        bindings.append(latitude)
        bindings.append(time)
        bindings.append(after == nil)
        bindings.append(after?.meters ?? 0)
        bindings.append(after?.id ?? UUID())
        bindings.append(limit)
        bindings.append(viewer)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow {
        row
    }
}
