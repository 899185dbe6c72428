import Foundation
import PostgresNIO
import RoamRuntime

/// Events in PostgreSQL with PostGIS. Distances are spherical (`use_spheroid = false`), the same
/// formula `GeoPoint.distance` uses, so the database and the domain agree on who is inside.
public struct PostgresEventStore: Sendable {
    let database: Database

    public var publications: any PublicationQueue { PostgresPublicationQueue(database: database, schema: EventsMigrations.schema) }

    var logger: Logger { CallContext.current.logger }

    /// Queues what `notice` tells each of `users` for the notifications service, in the caller's transaction.
    static func queue(_ notice: EventNotification?, to users: [UUID], at time: Date, on connection: TracedConnection, logger: Logger) async throws {
        guard let notice else { return }
        try await PostgresPublicationQueue.insert(
            users.compactMap { notice.publication(for: $0) }, schema: EventsMigrations.schema, at: time, on: connection, logger: logger)
    }

    static let columns = """
        e.id, e.host_id, e.name, e.description, ST_Y(e.center::geometry), ST_X(e.center::geometry), e.radius_meters, e.capacity,
        e.member_count, e.starts_at, e.ends_at, e.visibility, e.password_hash, e.theme, e.banner_media_id, e.tags, e.created_at,
        e.walk_id, e.walk_privacy, e.taken_down_at, e.takedown_reason, e.taken_down_by
        """

    /// How many columns `columns` selects: what a query adds after them starts at this index.
    static let columnCount = 22

    static func decode(_ row: PostgresRow) throws -> Event {
        let (
            id, host, name, description, latitude, longitude, radius, capacity, count, starts, ends, visibility, hash, theme, banner, tags, created,
            walk, privacy, downAt, downReason, downBy
        ) = try row.decode(
            (
                UUID, UUID, String, String, Double, Double, Double, Int, Int, Date, Date, String, String?, String, UUID?,
                [String], Date, UUID?, String?, Date?, String?, String?
            ).self)
        let groupWalk = walk.flatMap { walk in privacy.flatMap(GroupWalkPrivacy.init(rawValue:)).map { GroupWalk(walkID: walk, privacy: $0) } }
        var event = Event(
            id: id, hostID: host, name: name, description: description,
            fence: Fence(center: GeoPoint(latitude: latitude, longitude: longitude), radiusMeters: radius),
            capacity: capacity, memberCount: count, startsAt: starts, endsAt: ends,
            visibility: Event.Visibility(rawValue: visibility) ?? .public, passwordHash: hash, theme: theme,
            bannerMediaID: banner, tags: tags, createdAt: created, groupWalk: groupWalk)
        event.takedown = downAt.map { Takedown(at: $0, reason: downReason ?? "", by: downBy ?? "") }
        return event
    }
}

extension PostgresEventStore: EventRepository {
    public func create(_ event: Event, idempotencyKey: String?) async throws -> Event {
        let box = event.fence.boundingBox
        return try await database.transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO events.events (id, host_id, name, description, center, radius_meters, capacity, member_count, starts_at,
                                           ends_at, visibility, password_hash, theme, banner_media_id, tags, created_at, idempotency_key, idempotency_fingerprint,
                                           fence_box, walk_id, walk_privacy)
                VALUES (\(event.id), \(event.hostID), \(event.name), \(event.description),
                        ST_SetSRID(ST_MakePoint(\(event.fence.center.longitude), \(event.fence.center.latitude)), 4326)::geography,
                        \(event.fence.radiusMeters), \(event.capacity), 1, \(event.startsAt), \(event.endsAt),
                        \(event.visibility.rawValue), \(event.passwordHash), \(event.theme), \(event.bannerMediaID), \(event.tags),
                        \(event.createdAt), \(idempotencyKey), \(IdempotentRequest.fingerprint),
                        ST_MakeEnvelope(\(box.west), \(box.south), \(box.east), \(box.north), 4326),
                        \(event.groupWalk?.walkID), \(event.groupWalk?.privacy.rawValue))
                ON CONFLICT (host_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
                RETURNING id
                """, logger: logger
            ).collect()
            if inserted.isEmpty, let idempotencyKey {
                // The same request was made before: answer with what it created.
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM events.events e WHERE e.host_id = \(event.hostID) AND e.idempotency_key = \(idempotencyKey)
                    """, logger: logger
                ).collect()
                guard let row = rows.first else { throw RoamError.internal }
                let first = try Self.decode(row)
                try await connection.checkReplay(of: "events.events", id: first.id, logger: logger)
                return first
            }
            try await connection.query(
                """
                INSERT INTO events.members (event_id, user_id, role, joined_at, last_seen_at)
                VALUES (\(event.id), \(event.hostID), 'host', \(event.createdAt), \(event.createdAt))
                """, logger: logger)
            return event
        }
    }

    public func event(id: UUID, at time: Date) async throws -> Event? {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM events.events e WHERE e.id = \(id) AND e.ends_at > \(time)
            """
        ).first.map(Self.decode)
    }

    public func update(id: UUID, at time: Date, _ change: @escaping @Sendable (inout Event) throws -> Void) async throws -> Event? {
        try await database.transaction { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM events.events e WHERE e.id = \(id) AND e.ends_at > \(time) FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            var event = try Self.decode(row)
            try change(&event)
            try await connection.query(
                """
                UPDATE events.events SET name = \(event.name), description = \(event.description), capacity = \(event.capacity),
                    visibility = \(event.visibility.rawValue), password_hash = \(event.passwordHash), theme = \(event.theme),
                    banner_media_id = \(event.bannerMediaID), tags = \(event.tags)
                WHERE id = \(id)
                """, logger: logger)
            return event
        }
    }

    public func eventsContaining(_ point: GeoPoint, at time: Date, page: PageRequest) async throws -> Page<EventHit> {
        try await eventsContaining(point, at: time, page: page, viewer: nil).hits
    }

    public func eventsContaining(
        _ point: GeoPoint, at time: Date, page: PageRequest, viewer: UUID
    ) async throws
        -> (hits: Page<EventHit>, roles: [UUID: Role])
    {
        try await eventsContaining(point, at: time, page: page, viewer: Optional(viewer))
    }

    /// One prepared statement for the page and, with a viewer, the viewer's role in each of its events:
    /// the home page is the events service's busiest call, and a second round trip cost a third of it.
    private func eventsContaining(
        _ point: GeoPoint, at time: Date, page: PageRequest, viewer: UUID?
    ) async throws
        -> (hits: Page<EventHit>, roles: [UUID: Role])
    {
        let after = try ListingCursor.distance(page.cursor)
        let rows = try await database.execute(
            EventsContainingStatement(
                longitude: point.longitude, latitude: point.latitude, time: time,
                after: after, limit: page.size + 1, viewer: viewer ?? UUID()))
        var roles: [UUID: Role] = [:]
        if viewer != nil {
            for row in rows {
                roles[try row.column(0, as: UUID.self)] = Role(rawValue: try row.column(Self.columnCount + 1, as: String.self)) ?? Role.none
            }
        }
        return (try Self.hits(rows, size: page.size), roles)
    }

    public func eventsNear(_ point: GeoPoint, within meters: Double, at time: Date, page: PageRequest) async throws -> Page<EventHit> {
        let after = try ListingCursor.distance(page.cursor)
        let (longitude, latitude) = (point.longitude, point.latitude)
        let rows = try await database.query(
            """
            SELECT * FROM (
                SELECT \(unescaped: Self.columns),
                       ST_Distance(e.center, ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography, false) AS distance
                FROM events.events e
                WHERE ST_DWithin(e.center, ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography, \(meters), false)
                  AND e.ends_at > \(time) AND (e.walk_id IS NULL OR e.walk_privacy = 'everyone')) hits
            WHERE \(after == nil) OR (distance, id) > (\(after?.meters ?? 0), \(after?.id ?? UUID()))
            ORDER BY distance, id LIMIT \(page.size + 1)
            """)
        return try Self.hits(rows, size: page.size)
    }

    private static func hits(_ rows: [PostgresRow], size: Int) throws -> Page<EventHit> {
        let hits = try rows.map { row in EventHit(event: try decode(row), distanceMeters: try row.column(Self.columnCount, as: Double.self)) }
        return Page(fetched: hits, size: size, cursor: ListingCursor.distance(after:))
    }

    public func roles(of userID: UUID, in eventIDs: [UUID]) async throws -> [UUID: Role] {
        guard !eventIDs.isEmpty else { return [:] }
        let rows = try await database.query(
            """
            SELECT e.id,
                   CASE WHEN b.user_id IS NOT NULL THEN 'banned' WHEN m.role IS NOT NULL THEN m.role
                        WHEN w.user_id IS NOT NULL THEN 'waitlisted' ELSE 'none' END
            FROM unnest(\(eventIDs)::uuid[]) AS e(id)
            LEFT JOIN events.bans b ON b.event_id = e.id AND b.user_id = \(userID)
            LEFT JOIN events.members m ON m.event_id = e.id AND m.user_id = \(userID)
            LEFT JOIN events.waitlist w ON w.event_id = e.id AND w.user_id = \(userID)
            """)
        var roles: [UUID: Role] = [:]
        for row in rows {
            let (id, role) = try row.decode((UUID, String).self)
            roles[id] = Role(rawValue: role) ?? .none
        }
        return roles
    }

    public func eventsOf(userID: UUID, at time: Date) async throws -> [(event: Event, role: Role)] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns), r.role FROM (
                SELECT event_id, role FROM events.members WHERE user_id = \(userID)
                UNION ALL SELECT event_id, 'waitlisted' FROM events.waitlist WHERE user_id = \(userID)) r
            JOIN events.events e ON e.id = r.event_id
            WHERE e.ends_at > \(time)
              AND NOT EXISTS (SELECT 1 FROM events.bans b WHERE b.event_id = e.id AND b.user_id = \(userID))
            ORDER BY e.starts_at, e.id
            """
        ).map { row in
            (try Self.decode(row), Role(rawValue: try row.column(Self.columnCount, as: String.self)) ?? .none)
        }
    }

    public func endedEventIDs(at time: Date, limit: Int) async throws -> [UUID] {
        try await database.query("SELECT id FROM events.events WHERE ends_at <= \(time) ORDER BY ends_at LIMIT \(limit)")
            .map { try $0.decode(UUID.self) }
    }

    public func purge(eventID: UUID, at time: Date, telling notice: EventNotification?) async throws -> EndedEvent? {
        try await database.transaction { connection in
            let members = try await connection.query("SELECT user_id FROM events.members WHERE event_id = \(eventID)", logger: logger)
                .collect().map { try $0.decode(UUID.self) }
            let waiting = try await connection.query("SELECT user_id FROM events.waitlist WHERE event_id = \(eventID)", logger: logger)
                .collect().map { try $0.decode(UUID.self) }
            // Members, waitlist, bans, reports and password failures go with the event (ON DELETE CASCADE).
            let deleted = try await connection.query("DELETE FROM events.events WHERE id = \(eventID) RETURNING host_id", logger: logger).collect()
            guard let row = deleted.first else { return nil }
            try await PostgresOutbox.insert(
                OutboxEntry(id: .v7(at: time), topic: .eventEnded, subjectID: eventID, createdAt: time),
                schema: EventsMigrations.schema, on: connection, logger: logger)
            let ended = EndedEvent(eventID: eventID, hostID: try row.decode(UUID.self), formerMembers: members, formerWaitlist: waiting)
            try await Self.queue(notice, to: ended.everyone, at: time, on: connection, logger: logger)
            return ended
        }
    }
}

extension PostgresEventStore {
    public func hostedEventIDs(of userID: UUID) async throws -> [UUID] {
        try await database.query("SELECT id FROM events.events WHERE host_id = \(userID) ORDER BY id").map { try $0.decode(UUID.self) }
    }

    public func forget(userID: UUID) async throws {
        try await database.transaction { connection in
            try await connection.query(
                """
                UPDATE events.events e SET member_count = e.member_count - 1
                FROM events.members m WHERE m.event_id = e.id AND m.user_id = \(userID) AND m.role = 'member'
                """, logger: logger)
            for statement: PostgresQuery in [
                "DELETE FROM events.members WHERE user_id = \(userID)",
                "DELETE FROM events.waitlist WHERE user_id = \(userID)",
                "DELETE FROM events.invitations WHERE user_id = \(userID) OR invited_by = \(userID)",
                "DELETE FROM events.reports WHERE reporter_id = \(userID) OR target_id = \(userID)",
                "DELETE FROM events.bans WHERE user_id = \(userID)",
                "UPDATE events.bans SET banned_by = NULL WHERE banned_by = \(userID)",
                "DELETE FROM events.password_failures WHERE user_id = \(userID)",
                "DELETE FROM events.publication_outbox WHERE user_id = \(userID)",
            ] {
                try await connection.query(statement, logger: logger)
            }
        }
    }
}

extension PostgresRow {
    /// One column by position, for rows that carry a few columns after an entity's own.
    func column<Value: PostgresDecodable>(_ index: Int, as type: Value.Type) throws -> Value {
        try PostgresRandomAccessRow(self)[index].decode(Value.self)
    }
}
