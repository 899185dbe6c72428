import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime

/// Devices, inboxes and settings in PostgreSQL (schema `notifications`).
public struct PostgresNotificationStore: NotificationStore {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    // MARK: Devices

    static let deviceColumns = "token, user_id, platform, apns_environment, topic, language, created_at, updated_at"

    static func decodeDevice(_ row: PostgresRow) throws -> Device {
        let (token, user, platform, environment, topic, language, created, updated) =
            try row.decode((String, UUID, String, String?, String?, String, Date, Date).self)
        guard let platform = DevicePlatform(rawValue: platform) else { throw RoamError.internal }
        return Device(
            token: token, userID: user, platform: platform, apnsEnvironment: environment.flatMap(APNsEnvironment.init), topic: topic,
            language: language, createdAt: created, updatedAt: updated)
    }

    public func put(_ device: Device, limit: Int) async throws -> (device: Device, created: Bool) {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // One registration of a user's at a time, so the limit holds exactly.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended(\(device.userID.lowercasedString), 53))", logger: logger)
            // Whose it was: a token moving from another user is a registration, not a refresh.
            let previous = try await connection.query(
                "SELECT user_id FROM notifications.devices WHERE token = \(device.token) FOR UPDATE", logger: logger
            ).collect().first?.decode(UUID.self)
            let rows = try await connection.query(
                """
                INSERT INTO notifications.devices (token, user_id, platform, apns_environment, topic, language, created_at, updated_at)
                VALUES (\(device.token), \(device.userID), \(device.platform.rawValue), \(device.apnsEnvironment?.rawValue), \(device.topic),
                        \(device.language), \(device.createdAt), \(device.updatedAt))
                ON CONFLICT (token) DO UPDATE SET
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END,
                    user_id = excluded.user_id, platform = excluded.platform, apns_environment = excluded.apns_environment,
                    topic = excluded.topic, language = excluded.language, updated_at = excluded.updated_at
                RETURNING \(unescaped: Self.deviceColumns)
                """, logger: logger
            ).collect()
            guard let row = rows.first else { throw RoamError.internal }
            let stored = try Self.decodeDevice(row)
            try await connection.query(
                """
                DELETE FROM notifications.devices WHERE user_id = \(device.userID) AND token NOT IN (
                    SELECT token FROM notifications.devices WHERE user_id = \(device.userID) ORDER BY updated_at DESC, token DESC LIMIT \(limit))
                """, logger: logger)
            return (stored, previous != device.userID)
        }
    }

    public func delete(token: String, userID: UUID) async throws -> Bool {
        !(try await database.query("DELETE FROM notifications.devices WHERE token = \(token) AND user_id = \(userID) RETURNING token").isEmpty)
    }

    public func devices(of userID: UUID) async throws -> [Device] {
        try await database.query(
            """
            SELECT \(unescaped: Self.deviceColumns) FROM notifications.devices WHERE user_id = \(userID) ORDER BY updated_at DESC, token DESC
            """
        ).map(Self.decodeDevice)
    }

    public func forget(token: String) async throws {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            try await connection.query("DELETE FROM notifications.devices WHERE token = \(token)", logger: logger)
            try await connection.query("DELETE FROM notifications.pushes WHERE token = \(token)", logger: logger)
        }
    }

    // MARK: Inbox

    static let inboxColumns = "id, user_id, kind, data::text, thread_id, created_at, read_at"

    static func decodeNotification(_ row: PostgresRow) throws -> InboxNotification {
        let (id, user, kind, data, thread, created, read) = try row.decode((UUID, UUID, String, String, String, Date, Date?).self)
        return InboxNotification(
            id: id, userID: user, kind: kind, data: try JSONDecoder().decode([String: String].self, from: Data(data.utf8)), threadID: thread,
            createdAt: created, readAt: read)
    }

    public func file(_ publications: [Publication], ids: [UUID], pushAt: [Date?], at time: Date) async throws -> [InboxNotification?] {
        let rows = try zip(publications, zip(ids, pushAt)).map { publication, filing in
            (
                publication, filing.0, try Self.json(publication.group == nil ? publication.data : Gathering.data(gathering: publication, into: nil)),
                filing.1
            )
        }
        return try await database.transaction { connection in
            let logger = CallContext.current.logger
            var filed: [InboxNotification?] = []
            for (publication, id, data, pushAt) in rows {
                if publication.group != nil {
                    filed.append(try await Self.gather(publication, id: id, pushAt: pushAt, on: connection, logger: logger))
                    continue
                }
                // A purged user's publication is dropped: nothing of theirs may be kept again.
                let inserted = try await connection.query(
                    """
                    INSERT INTO notifications.inbox (id, user_id, kind, key, data, thread_id, time_zone, created_at)
                    SELECT \(id), \(publication.userID), \(publication.kind), \(publication.key), \(data)::jsonb, \(publication.threadID),
                           \(publication.timeZone), \(publication.at)
                    WHERE NOT EXISTS (SELECT 1 FROM notifications.purged_users WHERE user_id = \(publication.userID))
                    ON CONFLICT (user_id, key) DO NOTHING
                    RETURNING \(unescaped: Self.inboxColumns)
                    """, logger: logger
                ).collect()
                if let row = inserted.first {
                    let notification = try Self.decodeNotification(row)
                    filed.append(notification)
                    try await Self.announce(notification, on: connection, logger: logger)
                    if let pushAt { try await Self.filePushes(of: id, user: publication.userID, at: pushAt, on: connection, logger: logger) }
                    continue
                }
                filed.append(try await Self.filed(publication, on: connection, logger: logger))
            }
            return filed
        }
    }

    static func json(_ data: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(data), as: UTF8.self)
    }

    /// The notification `publication` was filed as (or gathered in) before, if it was.
    static func filed(_ publication: Publication, on connection: TracedConnection, logger: Logger) async throws -> InboxNotification? {
        try await connection.query(
            """
            SELECT \(unescaped: inboxColumns) FROM notifications.inbox
            WHERE user_id = \(publication.userID) AND (key = \(publication.key) OR id = (
                SELECT notification_id FROM notifications.gathered WHERE user_id = \(publication.userID) AND key = \(publication.key)))
            LIMIT 1
            """, logger: logger
        ).collect().first.map(decodeNotification)
    }

    static func filePushes(of notification: UUID, user: UUID, at pushAt: Date, on connection: TracedConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO notifications.pushes (notification_id, token, user_id, due_at)
            SELECT \(notification), token, user_id, \(pushAt) FROM notifications.devices WHERE user_id = \(user)
            """, logger: logger)
    }

    /// Files a publication of a group: into the group's unread notification when there is one (its data
    /// gathered, moved to the top, its pending push replaced), else as a new one. One filing per user and
    /// group at a time, so two first likes at once make one notification.
    static func gather(
        _ publication: Publication, id: UUID, pushAt: Date?, on connection: TracedConnection, logger: Logger
    ) async throws -> InboxNotification? {
        guard let group = publication.group else { return nil }
        try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtextextended(\(publication.userID.lowercasedString + " " + group), 0))", logger: logger)
        let purged = try await connection.query(
            "SELECT 1 FROM notifications.purged_users WHERE user_id = \(publication.userID)", logger: logger
        ).collect()
        guard purged.isEmpty else { return nil }
        if let before = try await filed(publication, on: connection, logger: logger) { return before }
        let unread = try await connection.query(
            """
            SELECT \(unescaped: inboxColumns) FROM notifications.inbox
            WHERE user_id = \(publication.userID) AND group_key = \(group) AND read_at IS NULL
            ORDER BY created_at DESC LIMIT 1 FOR UPDATE
            """, logger: logger
        ).collect().first.map(decodeNotification)
        let notification: InboxNotification
        if let unread {
            let data = Gathering.data(gathering: publication, into: unread.data)
            let updated = try await connection.query(
                """
                UPDATE notifications.inbox SET kind = \(publication.kind), data = \(try json(data))::jsonb, thread_id = \(publication.threadID),
                    created_at = greatest(created_at, \(publication.at))
                WHERE id = \(unread.id) RETURNING \(unescaped: inboxColumns)
                """, logger: logger
            ).collect()
            guard let row = updated.first else { throw RoamError.internal }
            notification = try decodeNotification(row)
            try await connection.query(
                "INSERT INTO notifications.gathered (user_id, key, notification_id) VALUES (\(publication.userID), \(publication.key), \(unread.id))",
                logger: logger)
            try await connection.query("DELETE FROM notifications.pushes WHERE notification_id = \(unread.id)", logger: logger)
        } else {
            let data = Gathering.data(gathering: publication, into: nil)
            let inserted = try await connection.query(
                """
                INSERT INTO notifications.inbox (id, user_id, kind, key, data, thread_id, time_zone, created_at, group_key)
                VALUES (\(id), \(publication.userID), \(publication.kind), \(publication.key), \(try json(data))::jsonb, \(publication.threadID),
                        \(publication.timeZone), \(publication.at), \(group))
                RETURNING \(unescaped: inboxColumns)
                """, logger: logger
            ).collect()
            guard let row = inserted.first else { throw RoamError.internal }
            notification = try decodeNotification(row)
        }
        try await announce(notification, on: connection, logger: logger)
        if let pushAt { try await filePushes(of: notification.id, user: publication.userID, at: pushAt, on: connection, logger: logger) }
        return notification
    }

    public func notification(_ id: UUID, of userID: UUID) async throws -> InboxNotification? {
        try await database.query("SELECT \(unescaped: Self.inboxColumns) FROM notifications.inbox WHERE id = \(id) AND user_id = \(userID)")
            .first.map(Self.decodeNotification)
    }

    public func filed(of userID: UUID, after position: TimedCursor, kinds: Set<String>, limit: Int) async throws -> [InboxNotification] {
        try await database.query(
            """
            SELECT \(unescaped: Self.inboxColumns) FROM notifications.inbox
            WHERE user_id = \(userID) AND (created_at, id) > (\(position.time), \(position.id))
              AND (\(kinds.isEmpty) OR kind = ANY(\(kinds.sorted())))
            ORDER BY created_at, id LIMIT \(limit)
            """
        ).map(Self.decodeNotification)
    }

    /// Announces a notification filed or gathered into, to every replica's streams, as the transaction commits.
    static func announce(_ notification: InboxNotification, on connection: TracedConnection, logger: Logger) async throws {
        let payload = "\(notification.userID.lowercasedString) \(notification.id.lowercasedString)"
        try await connection.query("SELECT pg_notify(\(inboxChannel), \(payload))::text", logger: logger)
    }

    public static let inboxChannel = "notifications_inbox"

    public func inbox(of userID: UUID, unreadOnly: Bool, page: PageRequest) async throws -> InboxPage {
        let after = try TimedCursor.decode(page.cursor)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.inboxColumns) FROM notifications.inbox
            WHERE user_id = \(userID) AND (\(!unreadOnly) OR read_at IS NULL)
              AND (\(after == nil) OR (created_at, id) < (\(after?.bound), \(after?.id)))
            ORDER BY created_at DESC, id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decodeNotification)
        return InboxPage(page: Page(fetched: rows, size: page.size) { $0.cursor.token }, unread: try await unreadCount(of: userID))
    }

    func unreadCount(of userID: UUID) async throws -> Int {
        let rows = try await database.query("SELECT count(*) FROM notifications.inbox WHERE user_id = \(userID) AND read_at IS NULL")
        return Int(try rows.first?.decode(Int64.self) ?? 0)
    }

    public func markRead(_ marking: ReadMarking, userID: UUID, at time: Date) async throws -> ReadOutcome {
        let marked: [PostgresRow]
        switch marking {
        case .ids(let ids):
            marked = try await database.query(
                """
                UPDATE notifications.inbox SET read_at = \(time) WHERE user_id = \(userID) AND id = ANY(\(ids)) AND read_at IS NULL RETURNING id
                """)
        case .all:
            marked = try await database.query(
                """
                UPDATE notifications.inbox SET read_at = \(time) WHERE user_id = \(userID) AND read_at IS NULL RETURNING id
                """)
        }
        return ReadOutcome(marked: marked.count, unread: try await unreadCount(of: userID))
    }

    public func tidy(before cutoff: Date) async throws -> Int {
        try await database.query("DELETE FROM notifications.inbox WHERE created_at < \(cutoff) RETURNING id").count
    }

    // MARK: Pushes

    public func claimPushes(dueAt time: Date, limit: Int, lease: Duration) async throws -> [PendingPush] {
        let leasedUntil = time.addingTimeInterval(lease.seconds)
        let rows = try await database.query(
            """
            WITH claimed AS (
                SELECT notification_id, token FROM notifications.pushes
                WHERE due_at <= \(time) AND (leased_until IS NULL OR leased_until <= \(time))
                ORDER BY due_at LIMIT \(limit) FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE notifications.pushes p SET attempts = p.attempts + 1, leased_until = \(leasedUntil)
                FROM claimed c WHERE p.notification_id = c.notification_id AND p.token = c.token
                RETURNING p.notification_id, p.token, p.user_id, p.attempts)
            SELECT i.id, i.user_id, i.kind, i.data::text, i.thread_id, i.created_at, i.read_at,
                   l.token AS push_token, l.attempts AS push_attempts,
                   (SELECT count(*) FROM notifications.inbox u WHERE u.user_id = l.user_id AND u.read_at IS NULL) AS unread,
                   d.platform AS device_platform, d.apns_environment AS device_environment, d.topic AS device_topic,
                   d.language AS device_language, d.created_at AS device_created, d.updated_at AS device_updated
            FROM leased l JOIN notifications.inbox i ON i.id = l.notification_id
            LEFT JOIN notifications.devices d ON d.token = l.token AND d.user_id = l.user_id
            """)
        return try rows.map { row in
            let notification = try Self.decodeNotification(row)
            let token = try row.decode(String.self, named: "push_token")
            var device: Device?
            if let platform = try row.decode(String?.self, named: "device_platform").flatMap(DevicePlatform.init) {
                device = Device(
                    token: token, userID: notification.userID, platform: platform,
                    apnsEnvironment: try row.decode(String?.self, named: "device_environment").flatMap(APNsEnvironment.init),
                    topic: try row.decode(String?.self, named: "device_topic"), language: try row.decode(String.self, named: "device_language"),
                    createdAt: try row.decode(Date.self, named: "device_created"), updatedAt: try row.decode(Date.self, named: "device_updated"))
            }
            return PendingPush(
                notification: notification, token: token, device: device, attempts: Int(try row.decode(Int32.self, named: "push_attempts")),
                unread: Int(try row.decode(Int64.self, named: "unread")))
        }
    }

    public func finish(_ push: PendingPush) async throws {
        _ = try await database.query(
            "DELETE FROM notifications.pushes WHERE notification_id = \(push.notification.id) AND token = \(push.token)")
    }

    public func postpone(_ push: PendingPush, until time: Date, reason: String) async throws {
        _ = try await database.query(
            """
            UPDATE notifications.pushes SET due_at = \(time), leased_until = NULL, last_error = \(reason)
            WHERE notification_id = \(push.notification.id) AND token = \(push.token)
            """)
    }

    public func pendingPushes() async throws -> Int {
        Int(try await database.query("SELECT count(*) FROM notifications.pushes").first?.decode(Int64.self) ?? 0)
    }

    // MARK: Settings

    static func decodeSettings(_ row: PostgresRow) throws -> NotificationSettings {
        let (muted, start, end, zone, paused) = try row.decode(([String], Int32?, Int32?, String, Bool).self)
        var quietHours: QuietHours?
        if let start, let end { quietHours = QuietHours(start: ClockTime(minuteOfDay: Int(start)), end: ClockTime(minuteOfDay: Int(end))) }
        return NotificationSettings(mutedKinds: Set(muted), quietHours: quietHours, timeZone: zone, pushPaused: paused)
    }

    public func settings(of userID: UUID) async throws -> NotificationSettings {
        try await database.query(
            "SELECT muted_kinds, quiet_start, quiet_end, time_zone, push_paused FROM notifications.settings WHERE user_id = \(userID)"
        ).first.map(Self.decodeSettings) ?? .defaults
    }

    public func update(_ changes: SettingsChanges, of userID: UUID) async throws -> NotificationSettings {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let current = try await connection.query(
                """
                SELECT muted_kinds, quiet_start, quiet_end, time_zone, push_paused FROM notifications.settings WHERE user_id = \(userID) FOR UPDATE
                """, logger: logger
            ).collect().first.map(Self.decodeSettings)
            let changed = changes.applied(to: current ?? .defaults)
            try await connection.query(
                """
                INSERT INTO notifications.settings (user_id, muted_kinds, quiet_start, quiet_end, time_zone, push_paused)
                VALUES (\(userID), \(changed.mutedKinds.sorted()), \(changed.quietHours.map { Int32($0.start.minuteOfDay) }),
                        \(changed.quietHours.map { Int32($0.end.minuteOfDay) }), \(changed.timeZone), \(changed.pushPaused))
                ON CONFLICT (user_id) DO UPDATE SET muted_kinds = excluded.muted_kinds, quiet_start = excluded.quiet_start,
                    quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, push_paused = excluded.push_paused
                """, logger: logger)
            return changed
        }
    }

    // MARK: Purge

    public func forget(user: UUID) async throws -> [String: Int] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let devices = try await connection.query("DELETE FROM notifications.devices WHERE user_id = \(user) RETURNING token", logger: logger)
                .collect().count
            let notifications = try await connection.query("DELETE FROM notifications.inbox WHERE user_id = \(user) RETURNING id", logger: logger)
                .collect().count
            let settings = try await connection.query("DELETE FROM notifications.settings WHERE user_id = \(user) RETURNING user_id", logger: logger)
                .collect().count
            try await connection.query("DELETE FROM notifications.pushes WHERE user_id = \(user)", logger: logger)
            return ["devices": devices, "notifications": notifications, "settings": settings]
        }
    }
}
