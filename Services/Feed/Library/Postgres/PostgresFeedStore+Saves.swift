import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    public func save(_ post: UUID, by user: UUID, at time: Date) async throws -> Bool {
        try await !database.query(
            """
            INSERT INTO feed.saves (user_id, post_id, created_at)
            SELECT \(user), \(post), \(time) WHERE EXISTS (SELECT 1 FROM feed.posts WHERE id = \(post) FOR KEY SHARE)
            ON CONFLICT DO NOTHING RETURNING 1
            """
        ).isEmpty
    }

    public func unsave(_ post: UUID, by user: UUID) async throws -> Bool {
        try await !database.query("DELETE FROM feed.saves WHERE user_id = \(user) AND post_id = \(post) RETURNING 1").isEmpty
    }

    public func savedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columnsOfP), s.created_at AS saved_at
            FROM feed.saves s JOIN feed.posts p ON p.id = s.post_id
            WHERE s.user_id = \(user) AND NOT (p.author_id = ANY(\(Array(hiddenAuthors)))) AND p.taken_down_at IS NULL
              AND (\(after == nil) OR (s.created_at, s.post_id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY s.created_at DESC, s.post_id DESC LIMIT \(page.size + 1)
            """)
        var fetched: [(post: Post, savedAt: Date)] = []
        for row in rows {
            fetched.append((try Self.decode(row), try row.decode(Date.self, named: "saved_at")))
        }
        return Page(fetched: fetched, size: page.size) { TimedCursor(time: $0.savedAt, id: $0.post.id).token }.map(\.post)
    }

    public func follow(_ place: FollowedPlace) async throws -> FollowedPlace {
        let rows = try await database.query(
            """
            INSERT INTO feed.followed_places (id, user_id, latitude, longitude, name, radius_meters, created_at)
            VALUES (\(place.id), \(place.userID), \(place.point.latitude), \(place.point.longitude), \(place.name), \(place.radiusMeters), \(place.createdAt))
            ON CONFLICT (user_id, latitude, longitude) DO UPDATE SET name = excluded.name, radius_meters = excluded.radius_meters
            RETURNING id, user_id, latitude, longitude, name, radius_meters, created_at
            """)
        guard let row = rows.first else { throw RoamError.internal }
        return try Self.decodeFollowedPlace(row)
    }

    public func unfollowPlace(at point: GeoPoint, by user: UUID) async throws -> Bool {
        let key = FollowedPlace.key(point)
        return try await !database.query(
            """
            DELETE FROM feed.followed_places WHERE user_id = \(user) AND latitude = \(key.latitude) AND longitude = \(key.longitude)
            RETURNING 1
            """
        ).isEmpty
    }

    public func followedPlaces(by user: UUID, page: PageRequest) async throws -> Page<FollowedPlace> {
        let after = try TimedCursor.decode(page.cursor)
        let places = try await database.query(
            """
            SELECT id, user_id, latitude, longitude, name, radius_meters, created_at FROM feed.followed_places
            WHERE user_id = \(user) AND (\(after == nil) OR (created_at, id) < (\(after?.bound ?? Date()), \(after?.id ?? UUID())))
            ORDER BY created_at DESC, id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decodeFollowedPlace)
        return Page(fetched: places, size: page.size) { TimedCursor(time: $0.createdAt, id: $0.id).token }
    }

    static func decodeFollowedPlace(_ row: PostgresRow) throws -> FollowedPlace {
        let (id, user, latitude, longitude, name, radius, created) = try row.decode((UUID, UUID, Double, Double, String, Double, Date).self)
        return FollowedPlace(
            id: id, userID: user, point: GeoPoint(latitude: latitude, longitude: longitude), name: name, radiusMeters: radius,
            createdAt: created)
    }
}
