import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Pins in `trips.pins`, deleted with their trip by the foreign key. A pin's writes lock its trip's
/// row, so two pins placed at the same moment are checked against each other.
extension PostgresTripStore: PinRepository {
    static let pinColumns = """
        id, trip_id, owner_id, title, description, ST_Y(point::geometry), ST_X(point::geometry), visited_at, tags, source,
        cover_media_id, created_at, place_id
        """

    static func decodePin(_ row: PostgresRow) throws -> Pin {
        let (id, trip, owner, title, description, latitude, longitude, visited, tags, source, cover, created, place) =
            try row.decode((UUID, UUID, UUID, String, String, Double, Double, Date, [String], String, UUID?, Date, UUID?).self)
        guard let source = PinSource(rawValue: source) else { throw RoamError.internal }
        return Pin(
            id: id, tripID: trip, ownerID: owner,
            details: PinDetails(
                title: title, description: description, point: GeoPoint(latitude: latitude, longitude: longitude),
                visitedAt: visited, tags: tags, source: source, coverMediaID: cover, placeID: place),
            createdAt: created)
    }

    public func add(_ pin: Pin, minimumDistance: Double, idempotencyKey: String?) async throws -> PinPlacement? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard try await Self.lockTrip(pin.tripID, owner: pin.ownerID, on: connection) else { return nil }
            if let idempotencyKey {
                let first = try await connection.query(
                    """
                    SELECT \(unescaped: Self.pinColumns) FROM trips.pins WHERE trip_id = \(pin.tripID) AND idempotency_key = \(idempotencyKey)
                    """, logger: logger
                ).collect().first
                if let first {
                    let replayed = try Self.decodePin(first)
                    try await connection.checkReplay(of: "trips.pins", id: replayed.id, logger: logger)
                    return .placed(replayed)
                }
            }
            if let close = try await Self.closestPin(to: pin, within: minimumDistance, on: connection) { return close }
            let details = pin.details
            try await connection.query(
                """
                INSERT INTO trips.pins (id, trip_id, owner_id, title, description, point, visited_at, tags, source, cover_media_id,
                                        created_at, idempotency_key, idempotency_fingerprint, place_id)
                VALUES (\(pin.id), \(pin.tripID), \(pin.ownerID), \(details.title), \(details.description),
                        ST_SetSRID(ST_MakePoint(\(details.point.longitude), \(details.point.latitude)), 4326)::geography,
                        \(details.visitedAt), \(details.tags), \(details.source.rawValue), \(details.coverMediaID), \(pin.createdAt),
                        \(idempotencyKey), \(IdempotentRequest.fingerprint), \(details.placeID))
                """, logger: logger)
            return .placed(pin)
        }
    }

    public func pin(_ id: UUID, owner: UUID) async throws -> Pin? {
        try await database.query("SELECT \(unescaped: Self.pinColumns) FROM trips.pins WHERE id = \(id) AND owner_id = \(owner)")
            .first.map(Self.decodePin)
    }

    public func pins(ofTrip trip: UUID, owner: UUID, visitedIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Pin> {
        let after =
            try TimedCursor.decode(page.cursor) ?? TimedCursor(time: .distantPast, id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        let (from, to) = (interval?.lowerBound ?? .distantPast, interval?.upperBound ?? .distantFuture)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.pinColumns) FROM trips.pins
            WHERE trip_id = \(trip) AND owner_id = \(owner) AND visited_at >= \(from) AND visited_at < \(to)
              AND (visited_at, id) > (\(after.bound), \(after.id))
            ORDER BY visited_at, id LIMIT \(page.size + 1)
            """
        ).map(Self.decodePin)
        return Page(fetched: rows, size: page.size) { TimedCursor(time: $0.details.visitedAt, id: $0.id).token }
    }

    public func update(_ id: UUID, owner: UUID, details: PinDetails, minimumDistance: Double) async throws -> PinPlacement? {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            guard
                let current = try await connection.query(
                    """
                    SELECT \(unescaped: Self.pinColumns) FROM trips.pins WHERE id = \(id) AND owner_id = \(owner)
                    """, logger: logger
                ).collect().first.map(Self.decodePin),
                try await Self.lockTrip(current.tripID, owner: owner, on: connection)
            else { return nil }
            var moved = current
            moved.details = details
            if let close = try await Self.closestPin(to: moved, within: minimumDistance, on: connection) { return close }
            try await connection.query(
                """
                UPDATE trips.pins SET title = \(details.title), description = \(details.description),
                    point = ST_SetSRID(ST_MakePoint(\(details.point.longitude), \(details.point.latitude)), 4326)::geography,
                    visited_at = \(details.visitedAt), tags = \(details.tags), cover_media_id = \(details.coverMediaID),
                    place_id = \(details.placeID)
                WHERE id = \(id)
                """, logger: logger)
            return .placed(moved)
        }
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> Pin? {
        try await database.query("DELETE FROM trips.pins WHERE id = \(id) AND owner_id = \(owner) RETURNING \(unescaped: Self.pinColumns)")
            .first.map(Self.decodePin)
    }

    public func pinCounts(ofTrip trip: UUID, owner: UUID, zone: TripZone) async throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for row in try await database.query(
            """
            SELECT (visited_at AT TIME ZONE \(zone.identifier))::date::text, count(*)::int FROM trips.pins
            WHERE trip_id = \(trip) AND owner_id = \(owner) GROUP BY 1
            """)
        {
            let (day, count) = try row.decode((String, Int).self)
            if let day = LocalDate(day) { counts[day] = count }
        }
        return counts
    }

    /// Locks the owner's trip for the rest of the transaction; false when they have no such trip.
    static func lockTrip(_ trip: UUID, owner: UUID, on connection: TracedConnection) async throws -> Bool {
        try await !connection.query(
            "SELECT 1 FROM trips.trips WHERE id = \(trip) AND owner_id = \(owner) FOR UPDATE",
            logger: CallContext.current.logger
        ).collect().isEmpty
    }

    /// The nearest other pin of the trip within `meters` of `pin` (on the sphere, as `GeoPoint.distance`).
    static func closestPin(to pin: Pin, within meters: Double, on connection: TracedConnection) async throws -> PinPlacement? {
        let point = pin.details.point
        let logger = CallContext.current.logger
        let closest = try await connection.query(
            """
            SELECT id, ST_Distance(point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, false) AS meters
            FROM trips.pins
            WHERE trip_id = \(pin.tripID) AND id <> \(pin.id)
              AND ST_DWithin(point, ST_SetSRID(ST_MakePoint(\(point.longitude), \(point.latitude)), 4326)::geography, \(meters), false)
            ORDER BY meters, id LIMIT 1
            """, logger: logger
        ).collect().first.map { try $0.decode((UUID, Double).self) }
        guard let (id, distance) = closest,
            let other = try await connection.query("SELECT \(unescaped: pinColumns) FROM trips.pins WHERE id = \(id)", logger: logger)
                .collect().first.map(decodePin)
        else { return nil }
        return .tooClose(to: other, meters: distance)
    }
}
