import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Ratings, and the store's upkeep: walks left open, a deleted account's walks.
extension PostgresWalkStore {
    public func rate(_ id: UUID, rating: Int, by user: UUID) async throws -> Walk? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // The walk's row is locked first, so two ratings at once add up exactly.
            guard try await !connection.query("SELECT 1 FROM trips.walks WHERE id = \(id) FOR UPDATE", logger: logger).collect().isEmpty else {
                return nil
            }
            let old = try await connection.query(
                """
                SELECT rating FROM trips.walk_ratings WHERE walk_id = \(id) AND user_id = \(user)
                """, logger: logger
            ).collect().first?.decode(Int32.self)
            try await connection.query(
                """
                INSERT INTO trips.walk_ratings (walk_id, user_id, rating) VALUES (\(id), \(user), \(Int32(rating)))
                ON CONFLICT (walk_id, user_id) DO UPDATE SET rating = excluded.rating
                """, logger: logger)
            return try await connection.query(
                """
                UPDATE trips.walks w SET rating_sum = rating_sum + \(Int32(rating)) - \(old ?? 0),
                                         rating_count = rating_count + \(old == nil ? Int32(1) : 0)
                WHERE w.id = \(id) RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect().first.map(Self.decode)
        }
    }

    public func ratings(by user: UUID, of walks: [UUID]) async throws -> [UUID: Int] {
        guard !walks.isEmpty else { return [:] }
        var ratings: [UUID: Int] = [:]
        for row in try await database.query(
            """
            SELECT walk_id, rating FROM trips.walk_ratings WHERE user_id = \(user) AND walk_id = ANY(\(walks))
            """)
        {
            let (walk, rating) = try row.decode((UUID, Int32).self)
            ratings[walk] = Int(rating)
        }
        return ratings
    }

    public func ongoing(startedBefore cutoff: Date, limit: Int) async throws -> [Walk] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.walks w WHERE w.finished_at IS NULL AND w.started_at < \(cutoff)
            ORDER BY w.started_at LIMIT \(limit)
            """
        ).map(Self.decode)
    }

    public func deleteAll(of user: UUID) async throws -> [Walk] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let theirs = try await connection.query(
                """
                DELETE FROM trips.walks w WHERE w.owner_id = \(user) RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).collect().map(Self.decode)
            // Their ratings of others' walks are withdrawn, each walk's totals coming down by as much.
            try await connection.query(
                """
                WITH gone AS (DELETE FROM trips.walk_ratings WHERE user_id = \(user) RETURNING walk_id, rating)
                UPDATE trips.walks w SET rating_sum = rating_sum - gone.rating, rating_count = rating_count - 1
                FROM gone WHERE w.id = gone.walk_id
                """, logger: logger)
            return theirs
        }
    }
}
