import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// The places catalog in `trips.places` (a GiST index on the point) and users' ratings in
/// `trips.place_ratings`. A rating locks its place's row, so the sums stay exact under any concurrency.
extension PostgresTripStore: PlacesRepository {
    static let placeColumns = """
        id, source_id, name, category, ST_Y(point::geometry), ST_X(point::geometry), price_level::int, address, phone, website, opening_hours,
        photo_url, source_rating, source_rating_count, user_rating_sum::int, user_rating_count, owner_id
        """

    static func decodePlace(_ row: PostgresRow) throws -> Place {
        let (
            id, sourceID, name, categoryName, latitude, longitude, priceLevel, address, phone, website, openingHours, photoURL, rating,
            ratingCount, userRatingSum, userRatingCount, owner
        ) = try row.decode(
            (UUID, String, String, String, Double, Double, Int?, String?, String?, String?, String?, String?, Double, Int, Int, Int, UUID?).self)
        guard let category = PlaceCategory(rawValue: categoryName) else { throw RoamError.internal }
        let details = PlaceDetails(
            sourceID: sourceID, name: name, category: category, point: GeoPoint(latitude: latitude, longitude: longitude),
            priceLevel: priceLevel, address: address, phone: phone, website: website, openingHours: openingHours, photoURL: photoURL)
        return Place(
            id: id, details: details, sourceRating: rating, sourceRatingCount: ratingCount, userRatingSum: userRatingSum,
            userRatingCount: userRatingCount, ownerID: owner)
    }

    public func importPlaces(_ places: [(details: PlaceDetails, rating: Double, ratingCount: Int)]) async throws -> Int {
        guard !places.isEmpty else { return 0 }
        let now = Date()
        let details = places.map(\.details)
        // Arrays cannot hold NULL here: absent values travel as -1 and "" and become NULL again in SQL.
        let rows = try await database.query(
            """
            INSERT INTO trips.places (id, source_id, name, category, point, price_level, address, phone, website, opening_hours, photo_url,
                                      source_rating, source_rating_count)
            SELECT id, source_id, name, category, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography, NULLIF(price_level, -1),
                   NULLIF(address, ''), NULLIF(phone, ''), NULLIF(website, ''), NULLIF(opening_hours, ''), NULLIF(photo_url, ''), rating, rating_count
            FROM unnest(\(places.map { _ in UUID.v7(at: now) })::uuid[], \(details.map(\.sourceID))::text[], \(details.map(\.name))::text[],
                        \(details.map(\.category.rawValue))::text[], \(details.map(\.point.latitude))::float8[], \(details.map(\.point.longitude))::float8[],
                        \(details.map { $0.priceLevel ?? -1 })::int[], \(details.map { $0.address ?? "" })::text[],
                        \(details.map { $0.phone ?? "" })::text[], \(details.map { $0.website ?? "" })::text[],
                        \(details.map { $0.openingHours ?? "" })::text[], \(details.map { $0.photoURL ?? "" })::text[],
                        \(places.map(\.rating))::float8[], \(places.map(\.ratingCount))::int[])
                 AS batch(id, source_id, name, category, latitude, longitude, price_level, address, phone, website, opening_hours, photo_url,
                          rating, rating_count)
            ON CONFLICT (source_id) DO UPDATE SET name = EXCLUDED.name, category = EXCLUDED.category, point = EXCLUDED.point,
                price_level = EXCLUDED.price_level, address = EXCLUDED.address, phone = EXCLUDED.phone, website = EXCLUDED.website,
                opening_hours = EXCLUDED.opening_hours, photo_url = EXCLUDED.photo_url, source_rating = EXCLUDED.source_rating,
                source_rating_count = EXCLUDED.source_rating_count
            RETURNING xmax = 0
            """)
        return try rows.filter { try $0.decode(Bool.self) }.count
    }

    public func place(_ id: UUID) async throws -> Place? {
        try await database.query("SELECT \(unescaped: Self.placeColumns) FROM trips.places WHERE id = \(id)").first.map(Self.decodePlace)
    }

    public func addOwnPlace(_ place: Place, idempotencyKey: String?) async throws -> Place {
        let details = place.details
        if let row = try await database.query(
            """
            INSERT INTO trips.places (id, source_id, name, category, point, address, owner_id, idempotency_key, idempotency_fingerprint)
            VALUES (\(place.id), \(details.sourceID), \(details.name), \(details.category.rawValue),
                    ST_SetSRID(ST_MakePoint(\(details.point.longitude), \(details.point.latitude)), 4326)::geography, \(details.address), \(place.ownerID),
                    \(idempotencyKey), \(IdempotentRequest.fingerprint))
            ON CONFLICT (owner_id, idempotency_key) DO NOTHING
            RETURNING \(unescaped: Self.placeColumns)
            """
        ).first {
            return try Self.decodePlace(row)
        }
        // The key was used before: that first place is the answer.
        guard
            let first = try await database.query(
                """
                SELECT \(unescaped: Self.placeColumns) FROM trips.places WHERE owner_id = \(place.ownerID) AND idempotency_key = \(idempotencyKey)
                """
            ).first
        else { throw RoamError.internal }
        let replayed = try Self.decodePlace(first)
        try await database.checkReplay(of: "trips.places", id: replayed.id)
        return replayed
    }

    public func deleteOwnPlace(_ id: UUID, owner: UUID) async throws -> Bool {
        try await !database.query("DELETE FROM trips.places WHERE id = \(id) AND owner_id = \(owner) RETURNING 1").isEmpty
    }

    public func deleteOwnPlaces(of owner: UUID) async throws -> Int {
        try await database.query("DELETE FROM trips.places WHERE owner_id = \(owner) RETURNING 1").count
    }

    /// Best first, the places rated 4.5 and up are read first, then 4 and up, then all: a band that
    /// holds `limit` places holds the best `limit`, and each band has its own index.
    static let ratingBands = ["rating >= 4.5", "rating >= 4", "true"]

    public func places(matching query: PlaceQuery, limit: Int) async throws -> [(place: Place, meters: Double)] {
        // Constants of the code, never the client's text.
        let order =
            switch query.order {
            case .ratingDescending: "round(rating::numeric, 3) DESC, meters, id"
            case .ratingAscending: "round(rating::numeric, 3), meters, id"
            case .priceAscending: "coalesce(price_level, 5), round(rating::numeric, 3) DESC, id"
            case .priceDescending: "coalesce(price_level, -1) DESC, round(rating::numeric, 3) DESC, id"
            case .distance: "meters, round(rating::numeric, 3) DESC, id"
            }
        let bands = query.order == .ratingDescending ? Self.ratingBands : ["true"]
        for (index, band) in bands.enumerated() {
            let found = try await places(matching: query, in: band, order: order, limit: limit)
            if found.count >= limit || index == bands.count - 1 { return found }
        }
        return []
    }

    private func places(matching query: PlaceQuery, in band: String, order: String, limit: Int) async throws -> [(place: Place, meters: Double)] {
        let point = query.near
        return try await database.query(
            """
            SELECT \(unescaped: Self.placeColumns), meters FROM (
                SELECT *, ST_Distance(point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, false) AS meters
                FROM trips.places
                WHERE ST_DWithin(point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, \(query.withinMeters), false)
                  AND \(unescaped: band)
                  AND (owner_id IS NULL OR owner_id = \(query.reader))
                  AND (\(query.category?.rawValue ?? "") = '' OR category = \(query.category?.rawValue ?? ""))
                  AND (\(query.namePrefix ?? "") = '' OR starts_with(lower(name), \(query.namePrefix ?? "")))
            ) found
            ORDER BY \(unescaped: order) LIMIT \(limit)
            """
        ).map { row in
            (try Self.decodePlace(row), try row.decode(Double.self, named: "meters"))
        }
    }

    public func rate(_ place: UUID, stars: Int, by user: UUID) async throws -> Place? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard try await !connection.query("SELECT 1 FROM trips.places WHERE id = \(place) FOR UPDATE", logger: logger).collect().isEmpty else {
                return nil
            }
            let previous = try await connection.query(
                "SELECT stars::int FROM trips.place_ratings WHERE place_id = \(place) AND user_id = \(user)",
                logger: logger
            ).collect().first.map { try $0.decode(Int.self) }
            try await connection.query(
                """
                INSERT INTO trips.place_ratings (place_id, user_id, stars) VALUES (\(place), \(user), \(stars))
                ON CONFLICT (place_id, user_id) DO UPDATE SET stars = EXCLUDED.stars
                """, logger: logger)
            return try await connection.query(
                """
                UPDATE trips.places SET user_rating_sum = user_rating_sum + \(stars - (previous ?? 0)),
                    user_rating_count = user_rating_count + \(previous == nil ? 1 : 0)
                WHERE id = \(place) RETURNING \(unescaped: Self.placeColumns)
                """, logger: logger
            ).collect().first.map(Self.decodePlace)
        }
    }

    public func ratings(of places: [UUID], by user: UUID) async throws -> [UUID: Int] {
        guard !places.isEmpty else { return [:] }
        var found: [UUID: Int] = [:]
        for row in try await database.query(
            """
            SELECT place_id, stars::int FROM trips.place_ratings WHERE user_id = \(user) AND place_id = ANY(\(places))
            """)
        {
            let (place, stars) = try row.decode((UUID, Int).self)
            found[place] = stars
        }
        return found
    }

    public func removeRatings(by user: UUID) async throws -> Int {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // Places first, in id order, as `rate` locks them: the two never wait on each other in a circle.
            let rated = try await connection.query("SELECT place_id FROM trips.place_ratings WHERE user_id = \(user)", logger: logger)
                .collect().map { try $0.decode(UUID.self) }
            guard !rated.isEmpty else { return 0 }
            try await connection.query("SELECT 1 FROM trips.places WHERE id = ANY(\(rated)) ORDER BY id FOR UPDATE", logger: logger)
            let removed = try await connection.query(
                """
                DELETE FROM trips.place_ratings WHERE user_id = \(user) RETURNING place_id, stars::int
                """, logger: logger
            ).collect().map { try $0.decode((UUID, Int).self) }
            for (place, stars) in removed {
                try await connection.query(
                    """
                    UPDATE trips.places SET user_rating_sum = user_rating_sum - \(stars), user_rating_count = user_rating_count - 1 WHERE id = \(place)
                    """, logger: logger)
            }
            return removed.count
        }
    }
}
