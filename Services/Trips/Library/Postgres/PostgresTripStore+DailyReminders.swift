import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime

/// Daily reminders on `trips.trips`: the chosen minute, the next day and instant it comes (moved on by
/// each claim, in Swift, so both stores read a time the clocks skip alike), and the last one sent.
extension PostgresTripStore {
    public func setDailyReminder(trip id: UUID, owner: UUID, minuteOfDay: Int, at now: Date) async throws -> DailyReminder? {
        try await database.transaction { connection -> DailyReminder? in
            let logger = CallContext.current.logger
            guard
                let row = try await connection.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM trips.trips WHERE id = \(id) AND owner_id = \(owner) FOR UPDATE
                    """, logger: logger
                ).collect().first
            else { return nil }
            let trip = try Self.decode(row)
            let next = ReminderSchedule.nextDaily(minuteOfDay: minuteOfDay, dates: trip.details.dates, zone: trip.details.zone, after: now)
            try await connection.query(
                """
                UPDATE trips.trips SET daily_reminder_minute = \(minuteOfDay), daily_reminder_date = \(next?.date.description)::date,
                    daily_reminder_at = \(next?.dueAt)
                WHERE id = \(id)
                """, logger: logger)
            return DailyReminder(tripID: id, minuteOfDay: minuteOfDay, next: next)
        }
    }

    public func clearDailyReminder(trip id: UUID, owner: UUID) async throws -> Bool {
        try await !database.query(
            """
            UPDATE trips.trips SET daily_reminder_minute = NULL, daily_reminder_date = NULL, daily_reminder_at = NULL
            WHERE id = \(id) AND owner_id = \(owner) AND daily_reminder_minute IS NOT NULL
            RETURNING 1
            """
        ).isEmpty
    }

    public func dailyReminder(trip id: UUID, owner: UUID) async throws -> DailyReminder? {
        guard
            let row = try await database.query(
                """
                SELECT daily_reminder_minute, daily_reminder_date::text, daily_reminder_at FROM trips.trips
                WHERE id = \(id) AND owner_id = \(owner) AND daily_reminder_minute IS NOT NULL
                """
            ).first
        else { return nil }
        let (minute, date, due) = try row.decode((Int, String?, Date?).self)
        return DailyReminder(tripID: id, minuteOfDay: minute, next: date.flatMap(LocalDate.init).flatMap { day in due.map { (day, $0) } })
    }

    /// Claims the daily reminders due, moves each on to its next day, and announces them on commit.
    func claimDueDailyReminders(at now: Date, limit: Int) async throws -> [Reminder] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let due = try await connection.query(
                """
                SELECT \(unescaped: Self.columns), daily_reminder_minute, daily_reminder_date::text, daily_reminder_at FROM trips.trips
                WHERE daily_reminder_at <= \(now) ORDER BY daily_reminder_at LIMIT \(limit) FOR UPDATE SKIP LOCKED
                """, logger: logger
            ).collect()
            var claimed: [Reminder] = []
            var zones: [UUID: TripZone] = [:]
            for row in due {
                // The trip's columns, then its daily reminder's.
                let (id, owner, title, destination, latitude, longitude, start, end, zone, currency, created, tracking, minute, day, dueAt) =
                    try row.decode((UUID, UUID, String, String, Double?, Double?, String, String, String, String, Date, Bool, Int, String, Date).self)
                let trip = try Self.trip(from: (id, owner, title, destination, latitude, longitude, start, end, zone, currency, created, tracking))
                guard let date = LocalDate(day) else { throw RoamError.internal }
                zones[trip.id] = trip.details.zone
                let next = ReminderSchedule.nextDaily(minuteOfDay: minute, dates: trip.details.dates, zone: trip.details.zone, after: now)
                let reminder = Reminder(
                    kind: .daily, ownerID: trip.ownerID, tripID: trip.id, title: trip.details.title, date: date,
                    minuteOfDay: minute, dueAt: dueAt, sentAt: now)
                let announcement: [String: Any] = [
                    "kind": reminder.kind.rawValue, "owner": trip.ownerID.lowercasedString, "trip": trip.id.lowercasedString,
                    "title": reminder.title, "date": date.description, "minute": minute, "due": dueAt.timeIntervalSince1970,
                    "sent": now.timeIntervalSince1970,
                ]
                let payload = String(decoding: try JSONSerialization.data(withJSONObject: announcement), as: UTF8.self)
                try await connection.query(
                    """
                    UPDATE trips.trips SET daily_reminded_at = \(now), daily_reminded_date = \(date.description)::date, daily_reminded_due = \(dueAt),
                        daily_reminder_date = \(next?.date.description)::date, daily_reminder_at = \(next?.dueAt)
                    WHERE id = \(trip.id)
                    """, logger: logger)
                try await connection.query("SELECT pg_notify(\(Self.remindersChannel), \(payload))::text", logger: logger)
                claimed.append(reminder)
            }
            try await PostgresPublicationQueue.insert(
                claimed.map { $0.publication(in: zones[$0.tripID] ?? .utc) }, schema: TripsMigrations.schema, at: now, on: connection, logger: logger)
            return claimed
        }
    }

    /// Moves the trip's daily reminder with its dates and zone, from `time`.
    static func rescheduleDailyReminder(of trip: Trip, at time: Date, on connection: TracedConnection, logger: Logger) async throws {
        guard
            let minute = try await connection.query(
                """
                SELECT daily_reminder_minute FROM trips.trips WHERE id = \(trip.id) AND daily_reminder_minute IS NOT NULL
                """, logger: logger
            ).collect().first?.decode(Int.self)
        else { return }
        let next = ReminderSchedule.nextDaily(minuteOfDay: minute, dates: trip.details.dates, zone: trip.details.zone, after: time)
        try await connection.query(
            """
            UPDATE trips.trips SET daily_reminder_date = \(next?.date.description)::date, daily_reminder_at = \(next?.dueAt) WHERE id = \(trip.id)
            """, logger: logger)
    }
}
