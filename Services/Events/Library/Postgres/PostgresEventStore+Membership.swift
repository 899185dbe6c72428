import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresEventStore {
    public func admit(
        eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date, telling notice: EventNotification?
    ) async throws -> AdmissionResult {
        try await database.transaction { connection in
            // Locking the event row serialises joins of one event, so the count check is exact.
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM events.events e WHERE e.id = \(eventID) AND e.ends_at > \(time) FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = rows.first else { return .notFound }
            var event = try Self.decode(row)
            let standing = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM events.bans WHERE event_id = \(eventID) AND user_id = \(userID)),
                       EXISTS (SELECT 1 FROM events.members WHERE event_id = \(eventID) AND user_id = \(userID))
                """, logger: logger
            ).collect()
            let (banned, member) = try standing[0].decode((Bool, Bool).self)
            if banned { return .banned }
            if member {
                try await connection.query("DELETE FROM events.waitlist WHERE event_id = \(eventID) AND user_id = \(userID)", logger: logger)
                return .alreadyMember(event)
            }
            guard event.memberCount < event.capacity else { return .full(event) }
            try await connection.query(
                """
                INSERT INTO events.members (event_id, user_id, role, joined_at, last_seen_at, latitude, longitude, accuracy_meters)
                VALUES (\(eventID), \(userID), 'member', \(time), \(time), \(position.point.latitude), \(position.point.longitude),
                        \(position.accuracyMeters))
                """, logger: logger)
            try await connection.query("UPDATE events.events SET member_count = member_count + 1 WHERE id = \(eventID)", logger: logger)
            try await connection.query("DELETE FROM events.waitlist WHERE event_id = \(eventID) AND user_id = \(userID)", logger: logger)
            try await Self.queue(notice, to: [userID], at: time, on: connection, logger: logger)
            event.memberCount += 1
            return .admitted(event)
        }
    }

    public func enqueue(eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date) async throws -> Int {
        try await database.transaction { connection in
            try await connection.query(
                """
                INSERT INTO events.waitlist (event_id, user_id, queued_at, latitude, longitude, accuracy_meters, position_at)
                VALUES (\(eventID), \(userID), \(time), \(position.point.latitude), \(position.point.longitude), \(position.accuracyMeters), \(time))
                ON CONFLICT (event_id, user_id) DO UPDATE
                SET latitude = excluded.latitude, longitude = excluded.longitude, accuracy_meters = excluded.accuracy_meters,
                    position_at = excluded.position_at
                """, logger: logger)
            let rows = try await connection.query(
                """
                SELECT count(*) FROM events.waitlist
                WHERE event_id = \(eventID) AND seq <= (SELECT seq FROM events.waitlist WHERE event_id = \(eventID) AND user_id = \(userID))
                """, logger: logger
            ).collect()
            return try rows[0].decode(Int.self)
        }
    }

    public func waitlist(eventID: UUID) async throws -> [WaitlistEntry] {
        try await database.query(
            """
            SELECT user_id, queued_at, latitude, longitude, accuracy_meters, position_at FROM events.waitlist
            WHERE event_id = \(eventID) ORDER BY seq
            """
        ).map { row in
            let (user, queued, latitude, longitude, accuracy, positionAt) = try row.decode((UUID, Date, Double, Double, Double, Date).self)
            return WaitlistEntry(
                eventID: eventID, userID: user, queuedAt: queued,
                lastPosition: ReportedPosition(point: GeoPoint(latitude: latitude, longitude: longitude), accuracyMeters: accuracy),
                positionAt: positionAt)
        }
    }

    public func remove(
        eventID: UUID, userID: UUID, reason: DepartureReason, at time: Date, telling notice: EventNotification?
    ) async throws -> Removal? {
        try await database.transaction { connection in
            try await connection.query("DELETE FROM events.waitlist WHERE event_id = \(eventID) AND user_id = \(userID)", logger: logger)
            let removal = try await Self.removeMember(eventID: eventID, userID: userID, reason: reason, connection: connection, logger: logger)
            if removal != nil { try await Self.queue(notice, to: [userID], at: time, on: connection, logger: logger) }
            return removal
        }
    }

    /// Takes a member (not the host) out and frees their place, inside the caller's transaction.
    static func removeMember(
        eventID: UUID, userID: UUID, reason: DepartureReason, connection: TracedConnection,
        logger: Logger
    ) async throws -> Removal? {
        let deleted = try await connection.query(
            """
            DELETE FROM events.members WHERE event_id = \(eventID) AND user_id = \(userID) AND role = 'member' RETURNING user_id
            """, logger: logger
        ).collect()
        guard !deleted.isEmpty else { return nil }
        let rows = try await connection.query(
            """
            UPDATE events.events SET member_count = member_count - 1 WHERE id = \(eventID) RETURNING host_id
            """, logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        return Removal(eventID: eventID, userID: userID, reason: reason, hostID: try row.decode(UUID.self))
    }

    public func presences(of userID: UUID, at time: Date) async throws -> [Presence] {
        try await database.query(
            """
            SELECT m.user_id, m.role, m.joined_at, m.last_seen_at, m.latitude, m.longitude, m.accuracy_meters,
                   e.id, ST_Y(e.center::geometry), ST_X(e.center::geometry), e.radius_meters, e.walk_id IS NOT NULL
            FROM events.members m JOIN events.events e ON e.id = m.event_id
            WHERE m.user_id = \(userID) AND e.starts_at <= \(time) AND e.ends_at > \(time)
            ORDER BY e.id
            """
        ).map { row in
            let (user, role, joined, seen, latitude, longitude, accuracy, eventID, centerLatitude, centerLongitude, radius, isGroupWalk) =
                try row.decode((UUID, String, Date, Date, Double?, Double?, Double?, UUID, Double, Double, Double, Bool).self)
            let member = Member(
                eventID: eventID, userID: user, role: Role(rawValue: role) ?? .member, joinedAt: joined, lastSeenAt: seen,
                lastPosition: Self.position(latitude, longitude, accuracy))
            return Presence(
                member: member,
                fence: Fence(
                    center: GeoPoint(latitude: centerLatitude, longitude: centerLongitude),
                    radiusMeters: radius), isGroupWalk: isGroupWalk)
        }
    }

    static func position(_ latitude: Double?, _ longitude: Double?, _ accuracy: Double?) -> ReportedPosition? {
        guard let latitude, let longitude, let accuracy else { return nil }
        return ReportedPosition(point: GeoPoint(latitude: latitude, longitude: longitude), accuracyMeters: accuracy)
    }

    public func recordPosition(userID: UUID, position: ReportedPosition, at time: Date) async throws {
        let (latitude, longitude, accuracy) = (position.point.latitude, position.point.longitude, position.accuracyMeters)
        try await database.transaction { connection in
            try await connection.query(
                """
                UPDATE events.members SET last_seen_at = \(time), latitude = \(latitude), longitude = \(longitude), accuracy_meters = \(accuracy)
                WHERE user_id = \(userID)
                """, logger: logger)
            try await connection.query(
                """
                UPDATE events.waitlist SET position_at = \(time), latitude = \(latitude), longitude = \(longitude), accuracy_meters = \(accuracy)
                WHERE user_id = \(userID)
                """, logger: logger)
        }
    }

    /// A timestamp as whole microseconds since 1970, exactly (extract gives a numeric), to compare with page cursors.
    static func microseconds(_ column: String) -> String {
        "(extract(epoch from \(column)) * 1000000)::bigint"
    }

    static let memberColumns = "m.event_id, m.user_id, m.role, m.joined_at, m.last_seen_at, m.latitude, m.longitude, m.accuracy_meters"

    static func decodeMember(_ row: PostgresRow) throws -> Member {
        let (eventID, user, role, joined, seen, latitude, longitude, accuracy) =
            try row.decode((UUID, UUID, String, Date, Date, Double?, Double?, Double?).self)
        return Member(
            eventID: eventID, userID: user, role: Role(rawValue: role) ?? .member, joinedAt: joined, lastSeenAt: seen,
            lastPosition: position(latitude, longitude, accuracy))
    }

    public func staleMembers(lastSeenBefore cutoff: Date, at time: Date, limit: Int) async throws -> [Member] {
        try await database.query(
            """
            SELECT \(unescaped: Self.memberColumns) FROM events.members m JOIN events.events e ON e.id = m.event_id
            WHERE m.role = 'member' AND m.last_seen_at < \(cutoff) AND e.starts_at <= \(time) AND e.ends_at > \(time) AND e.walk_id IS NULL
            ORDER BY m.last_seen_at, m.user_id LIMIT \(limit)
            """
        ).map(Self.decodeMember)
    }

    public func memberIDs(eventID: UUID) async throws -> [UUID] {
        try await database.query("SELECT user_id FROM events.members WHERE event_id = \(eventID) ORDER BY joined_at, user_id")
            .map { try $0.decode(UUID.self) }
    }

    public func members(eventID: UUID, page: PageRequest) async throws -> Page<Member> {
        let after = try ListingCursor.time(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.memberColumns) FROM events.members m
            WHERE m.event_id = \(eventID)
              AND (\(after == nil) OR (\(unescaped: Self.microseconds("m.joined_at")), m.user_id) > (\(after?.microseconds ?? 0), \(after?.id ?? UUID())))
            ORDER BY m.joined_at, m.user_id LIMIT \(page.size + 1)
            """)
        return Page(fetched: try rows.map(Self.decodeMember), size: page.size) { ListingCursor.time(after: $0.joinedAt, $0.userID) }
    }
}
