import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime

/// Reminders' due times in `trips.trips` (the start) and `trips.itinerary_items`. A claim marks them
/// sent and announces them on `trips_reminders` in one statement: `FOR UPDATE SKIP LOCKED` keeps two
/// workers off the same reminder, and the announcement goes out exactly when the claim commits.
extension PostgresTripStore: ReminderRepository {
    public static let remindersChannel = "trips_reminders"
    /// 9999-12-31T23:59:59Z.
    static let latestInstant = Date(timeIntervalSince1970: 253_402_300_799)
    /// Sorts after every other: a cursor without a subject stands after all sent at its instant.
    static let lastUUID = UUID(uuidString: "ffffffff-ffff-ffff-ffff-ffffffffffff")!

    public func claimDueReminders(at now: Date, limit: Int) async throws -> [Reminder] {
        let daily = try await claimDueDailyReminders(at: now, limit: limit)
        return try await claimDueStartAndItineraryReminders(at: now, limit: limit) + daily
    }

    /// Claims trip starts and planned places due, announces them as the transaction commits and queues
    /// each for the notifications service in it.
    func claimDueStartAndItineraryReminders(at now: Date, limit: Int) async throws -> [Reminder] {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let reminders = try await connection.query(
                """
                WITH due_trips AS (
                    UPDATE trips.trips SET start_reminded_at = \(now), start_reminder_sent = true
                    WHERE id IN (SELECT id FROM trips.trips WHERE start_reminded_at IS NULL AND start_reminder_at <= \(now)
                                 ORDER BY start_reminder_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                    RETURNING 'trip_starting' AS kind, owner_id, id AS trip_id, NULL::uuid AS item_id, NULL::uuid AS place_id, title,
                              start_date AS day, NULL::integer AS minute_of_day, start_reminder_at AS due_at),
                due_items AS (
                    UPDATE trips.itinerary_items item SET reminded_at = \(now), reminder_sent = true
                    WHERE id IN (SELECT id FROM trips.itinerary_items WHERE reminded_at IS NULL AND remind_at <= \(now)
                                 ORDER BY remind_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                    RETURNING 'itinerary_reminder', owner_id, trip_id, id, place_id,
                              coalesce((SELECT name FROM trips.places WHERE places.id = item.place_id), nullif(item.title, ''), 'A place'), item_date, minute_of_day, remind_at),
                claimed AS (SELECT * FROM due_trips UNION ALL SELECT * FROM due_items)
                SELECT kind, owner_id, trip_id, item_id, place_id, title, day::text, minute_of_day, due_at,
                       pg_notify(\(Self.remindersChannel), json_build_object(
                           'kind', kind, 'owner', owner_id, 'trip', trip_id, 'item', item_id, 'place', place_id, 'title', title,
                           'date', day::text, 'minute', minute_of_day, 'due', extract(epoch FROM due_at),
                           'sent', extract(epoch FROM \(now)::timestamptz))::text)::text
                FROM claimed ORDER BY due_at
                """, logger: logger
            ).collect().map { row in
                let (kind, owner, trip, item, place, title, day, minute, due, _) =
                    try row.decode((String, UUID, UUID, UUID?, UUID?, String, String, Int?, Date, String).self)
                guard let kind = Reminder.Kind(rawValue: kind), let date = LocalDate(day) else { throw RoamError.internal }
                return Reminder(
                    kind: kind, ownerID: owner, tripID: trip, itemID: item, placeID: place, title: title, date: date,
                    minuteOfDay: minute, dueAt: due, sentAt: now)
            }
            try await Self.queuePublications(of: reminders, at: now, on: connection, logger: logger)
            return reminders
        }
    }

    /// Queues `reminders` for the notifications service inside the caller's transaction, each with its
    /// trip's zone.
    static func queuePublications(of reminders: [Reminder], at now: Date, on connection: TracedConnection, logger: Logger) async throws {
        guard !reminders.isEmpty else { return }
        var zones: [UUID: TripZone] = [:]
        for row in try await connection.query(
            "SELECT id, time_zone FROM trips.trips WHERE id = ANY(\(Array(Set(reminders.map(\.tripID)))))", logger: logger
        ).collect() {
            let (id, zone) = try row.decode((UUID, String).self)
            zones[id] = TripZone(zone)
        }
        let publications = reminders.map { $0.publication(in: zones[$0.tripID] ?? .utc) }
        try await PostgresPublicationQueue.insert(publications, schema: TripsMigrations.schema, at: now, on: connection, logger: logger)
    }

    public func sentReminders(of owner: UUID, after instant: Date, subject: UUID?, limit: Int) async throws -> [Reminder] {
        // postgres-nio traps on a date beyond what a timestamp holds; nothing is sent after year 9999.
        let instant = min(instant, Self.latestInstant)
        // Compared to the microsecond in integers, so the cursor of a reminder stands exactly at it.
        let micros = instant.microsecondsSince1970
        return try await database.query(
            """
            SELECT kind, trip_id, item_id, place_id, title, day::text, minute_of_day, due_at, sent_at FROM (
                SELECT 'trip_starting' AS kind, id AS trip_id, NULL::uuid AS item_id, NULL::uuid AS place_id, title, start_date AS day,
                       NULL::integer AS minute_of_day, start_reminder_at AS due_at, start_reminded_at AS sent_at
                FROM trips.trips WHERE owner_id = \(owner) AND start_reminder_sent AND start_reminded_at >= \(instant)
                UNION ALL
                SELECT 'itinerary_reminder', trip_id, id, place_id,
                       coalesce((SELECT name FROM trips.places WHERE places.id = item.place_id), nullif(item.title, ''), 'A place'), item_date, minute_of_day, remind_at,
                       reminded_at
                FROM trips.itinerary_items item WHERE owner_id = \(owner) AND reminder_sent AND reminded_at >= \(instant)
                UNION ALL
                SELECT 'daily_reminder', id, NULL, NULL, title, daily_reminded_date, daily_reminder_minute, daily_reminded_due, daily_reminded_at
                FROM trips.trips WHERE owner_id = \(owner) AND daily_reminded_at >= \(instant)
            ) sent
            WHERE (sent_at, coalesce(item_id, trip_id)) > (timestamptz 'epoch' + \(micros) * interval '1 microsecond', \(subject ?? Self.lastUUID))
            ORDER BY sent_at, coalesce(item_id, trip_id) LIMIT \(limit)
            """
        ).map { row in
            let (kind, trip, item, place, title, day, minute, due, sent) =
                try row.decode((String, UUID, UUID?, UUID?, String, String, Int?, Date, Date).self)
            guard let kind = Reminder.Kind(rawValue: kind), let date = LocalDate(day) else { throw RoamError.internal }
            return Reminder(
                kind: kind, ownerID: owner, tripID: trip, itemID: item, placeID: place, title: title, date: date,
                minuteOfDay: minute, dueAt: due, sentAt: sent)
        }
    }

    /// Moves the trip's itinerary reminders with its zone (each item keeps its local day and time); a
    /// moved one is sent again, unless it is already due.
    static func rescheduleItineraryReminders(of trip: Trip, at time: Date, on connection: TracedConnection, logger: Logger) async throws {
        let items = try await connection.query(
            """
            SELECT \(unescaped: itemColumns) FROM trips.itinerary_items WHERE trip_id = \(trip.id) FOR UPDATE
            """, logger: logger
        ).collect().map(decodeItem)
        var ids: [UUID] = [], dues: [Date] = []
        for item in items {
            let due = item.plan.instants(in: trip.details.zone).remindAt
            guard abs(due.timeIntervalSince(item.remindAt)) >= 0.001 else { continue }
            ids.append(item.id)
            dues.append(due)
        }
        guard !ids.isEmpty else { return }
        try await connection.query(
            """
            UPDATE trips.itinerary_items SET remind_at = moved.due, reminder_sent = false,
                reminded_at = CASE WHEN moved.due <= \(time) THEN \(time)::timestamptz END -- as ReminderSchedule.sentAt
            FROM unnest(\(ids)::uuid[], \(dues)::timestamptz[]) AS moved(id, due)
            WHERE itinerary_items.id = moved.id
            """, logger: logger)
    }
}
