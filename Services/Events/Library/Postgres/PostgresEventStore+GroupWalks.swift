import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Invitations (`events.invitations`) and position sharing (`events.members.sharing`); both go with the
/// event's row.
extension PostgresEventStore: GroupWalkRepository {
    public func invite(
        _ users: [UUID], to eventID: UUID, by host: UUID, at time: Date, telling notice: EventNotification?
    ) async throws -> [UUID] {
        guard !users.isEmpty else { return [] }
        return try await database.transaction { connection in
            let invited = try await connection.query(
                """
                INSERT INTO events.invitations (event_id, user_id, invited_by, state, invited_at)
                SELECT \(eventID), invitee, \(host), 'pending', \(time) FROM unnest(\(users)::uuid[]) AS invitee
                WHERE EXISTS (SELECT 1 FROM events.events WHERE id = \(eventID))
                ON CONFLICT (event_id, user_id) DO NOTHING
                RETURNING user_id
                """, logger: logger
            ).collect().map { try $0.decode(UUID.self) }
            try await Self.queue(notice, to: invited, at: time, on: connection, logger: logger)
            return invited
        }
    }

    static let invitationColumns = "i.event_id, i.user_id, i.invited_by, i.state, i.invited_at, i.responded_at"

    static func decodeInvitation(_ row: PostgresRow) throws -> Invitation {
        let (eventID, user, host, state, invitedAt, respondedAt) = try row.decode((UUID, UUID, UUID, String, Date, Date?).self)
        return Invitation(
            eventID: eventID, userID: user, invitedBy: host, state: InvitationState(rawValue: state) ?? .pending,
            invitedAt: invitedAt, respondedAt: respondedAt)
    }

    public func invitation(of user: UUID, to eventID: UUID) async throws -> Invitation? {
        try await database.query(
            """
            SELECT \(unescaped: Self.invitationColumns) FROM events.invitations i WHERE i.event_id = \(eventID) AND i.user_id = \(user)
            """
        ).first.map(Self.decodeInvitation)
    }

    public func respond(to eventID: UUID, user: UUID, accepted: Bool, at time: Date) async throws -> Invitation? {
        try await database.query(
            """
            UPDATE events.invitations i SET state = \(accepted ? "accepted" : "declined"), responded_at = \(time)
            WHERE i.event_id = \(eventID) AND i.user_id = \(user)
            RETURNING \(unescaped: Self.invitationColumns)
            """
        ).first.map(Self.decodeInvitation)
    }

    public func invitations(of user: UUID, at time: Date) async throws -> [(invitation: Invitation, event: Event)] {
        let invitations = try await database.query(
            """
            SELECT \(unescaped: Self.invitationColumns) FROM events.invitations i JOIN events.events e ON e.id = i.event_id
            WHERE i.user_id = \(user) AND e.ends_at > \(time)
            ORDER BY i.invited_at DESC, i.event_id DESC LIMIT 500
            """
        ).map(Self.decodeInvitation)
        guard !invitations.isEmpty else { return [] }
        let events = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM events.events e WHERE e.id = ANY(\(invitations.map(\.eventID)))
            """
        ).map(Self.decode)
        let byID = Dictionary(events.map { ($0.id, $0) }) { first, _ in first }
        return invitations.compactMap { invitation in byID[invitation.eventID].map { (invitation, $0) } }
    }

    public func groupWalkHosts(following walkID: UUID, member user: UUID, at time: Date) async throws -> [UUID] {
        // From the user's few memberships (members_user), not from every walk.
        try await database.query(
            """
            SELECT e.host_id FROM events.members m JOIN events.events e ON e.id = m.event_id
            WHERE m.user_id = \(user) AND e.walk_id = \(walkID) AND e.ends_at > \(time)
            ORDER BY e.id
            """
        ).map { try $0.decode(UUID.self) }
    }

    public func setSharing(_ on: Bool, eventID: UUID, userID: UUID) async throws -> Bool {
        try await !database.query(
            """
            UPDATE events.members m SET sharing = \(on),
                -- Only positions reported from now on are shared.
                latitude = CASE WHEN \(on) AND NOT m.sharing THEN NULL ELSE m.latitude END,
                longitude = CASE WHEN \(on) AND NOT m.sharing THEN NULL ELSE m.longitude END,
                accuracy_meters = CASE WHEN \(on) AND NOT m.sharing THEN NULL ELSE m.accuracy_meters END
            WHERE m.event_id = \(eventID) AND m.user_id = \(userID) RETURNING 1
            """
        ).isEmpty
    }

    public func sharers(of eventID: UUID, since: Date) async throws -> [(userID: UUID, position: SharedPosition?)] {
        try await database.query(
            """
            SELECT m.user_id, m.last_seen_at, m.latitude, m.longitude, m.accuracy_meters FROM events.members m
            WHERE m.event_id = \(eventID) AND m.sharing
            ORDER BY m.joined_at, m.user_id
            """
        ).map { row in
            let (user, seen, latitude, longitude, accuracy) = try row.decode((UUID, Date, Double?, Double?, Double?).self)
            let position =
                seen >= since ? Self.position(latitude, longitude, accuracy).map { SharedPosition(userID: user, position: $0, at: seen) } : nil
            return (user, position)
        }
    }
}
