import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Walks listed: an owner's, a user's history, how many walk each route now, search.
extension PostgresWalkStore {
    public func walks(of owner: UUID, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.owner_id = \(owner)
            ORDER BY w.started_at DESC, w.id DESC OFFSET \(offset) LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func history(of user: UUID, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Walk> {
        let offset = try OffsetCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w
            WHERE w.owner_id = \(user)
               OR (w.visibility = 'public' AND NOT w.owner_id = ANY(\(Array(hidden)))
                   AND EXISTS (SELECT 1 FROM trips.walk_ratings r WHERE r.walk_id = w.id AND r.user_id = \(user)))
            ORDER BY w.started_at DESC, w.id DESC OFFSET \(offset) LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }

    public func walkingNow(on routes: [UUID]) async throws -> [UUID: Int] {
        guard !routes.isEmpty else { return [:] }
        var counts: [UUID: Int] = [:]
        for row in try await database.query(
            """
            SELECT route_id, count(*)::int8 FROM trips.walks WHERE route_id = ANY(\(routes)) AND finished_at IS NULL GROUP BY route_id
            """)
        {
            let (route, count) = try row.decode((UUID, Int64).self)
            counts[route] = Int(count)
        }
        return counts
    }

    public func search(_ query: WalkQuery, page: PageRequest) async throws -> Page<(walk: Walk, meters: Double?)> {
        let offset = try OffsetCursor.decode(page.cursor)
        let words = query.text.map(WalkQuery.words) ?? []
        let center = query.near?.center
        let order =
            switch query.order {
            case .distance: "meters, w.finished_at DESC, w.id DESC"
            case .rating: "(w.rating_sum::float8 / NULLIF(w.rating_count, 0)) DESC NULLS LAST, w.rating_count DESC, w.finished_at DESC, w.id DESC"
            case .recent: "w.finished_at DESC, w.id DESC"
            }
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns),
                   CASE WHEN \(center == nil) THEN NULL
                        ELSE ST_Distance(w.path, ST_SetSRID(ST_MakePoint(\(center?.longitude ?? 0), \(center?.latitude ?? 0)), 4326)::geography, false)
                   END AS meters
            FROM trips.walks w
            WHERE w.finished_at IS NOT NULL
              AND (w.visibility = 'public' OR w.owner_id = \(query.reader))
              AND NOT w.owner_id = ANY(\(Array(query.hiddenOwners)))
              AND (\(center == nil) OR ST_DWithin(w.path, ST_SetSRID(ST_MakePoint(\(center?.longitude ?? 0), \(center?.latitude ?? 0)), 4326)::geography,
                                                \(query.near?.meters ?? 0), false))
              AND (\(words.isEmpty) OR w.search @@ to_tsquery('simple', \(words.map { "'\($0)'" }.joined(separator: " & "))))
              AND (\(query.tag == nil) OR w.tags @> ARRAY[\(query.tag ?? "")]::text[])
            ORDER BY \(unescaped: order) OFFSET \(offset) LIMIT \(page.size + 1)
            """)
        var found: [(walk: Walk, meters: Double?)] = []
        for row in rows {
            found.append((try Self.decode(row), try row.decode(Double?.self, named: "meters")))
        }
        return Page(items: Array(found.prefix(page.size)), nextCursor: found.count > page.size ? OffsetCursor.token(offset + page.size) : nil)
    }
}
