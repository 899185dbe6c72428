import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// Trips in PostgreSQL (schema `trips`, PostGIS). Dates are SQL `date`s; "today" for a trip's phase is
/// taken in its own zone by the database (`now() AT TIME ZONE time_zone`).
public struct PostgresTripStore: TripRepository {
    let database: Database

    static let columns = """
        id, owner_id, title, destination_name, ST_Y(destination::geometry), ST_X(destination::geometry), start_date::text, end_date::text,
        time_zone, home_currency, created_at, tracking
        """

    /// A row of `columns`, in their order.
    typealias TripRow = (UUID, UUID, String, String, Double?, Double?, String, String, String, String, Date, Bool)

    static func decode(_ row: PostgresRow) throws -> Trip {
        try trip(from: row.decode(TripRow.self))
    }

    static func trip(from row: TripRow) throws -> Trip {
        let (id, owner, title, destinationName, latitude, longitude, startDate, endDate, timeZone, homeCurrency, createdAt, tracking) = row
        guard let start = LocalDate(startDate), let end = LocalDate(endDate), let zone = TripZone(timeZone) else { throw RoamError.internal }
        let point = latitude.flatMap { latitude in longitude.map { GeoPoint(latitude: latitude, longitude: $0) } }
        return Trip(
            id: id, ownerID: owner,
            details: TripDetails(
                title: title, destination: Destination(name: destinationName, point: point), dates: TripDates(start: start, end: end), zone: zone,
                homeCurrency: homeCurrency),
            createdAt: createdAt, tracking: tracking)
    }

    public func create(_ trip: Trip, idempotencyKey: String?) async throws -> Trip {
        let details = trip.details, point = details.destination.point
        let startReminder = ReminderSchedule.tripStart(of: details)
        let inserted = try await database.query(
            """
            INSERT INTO trips.trips (id, owner_id, title, destination_name, destination, start_date, end_date, time_zone, home_currency,
                                     created_at, idempotency_key, idempotency_fingerprint, start_reminder_at, start_reminded_at)
            VALUES (\(trip.id), \(trip.ownerID), \(details.title), \(details.destination.name),
                    CASE WHEN \(point == nil) THEN NULL
                         ELSE ST_SetSRID(ST_MakePoint(\(point?.longitude ?? 0), \(point?.latitude ?? 0)), 4326)::geography END,
                    \(details.dates.start.description)::date, \(details.dates.end.description)::date, \(details.zone.identifier),
                    \(details.homeCurrency), \(trip.createdAt), \(idempotencyKey), \(IdempotentRequest.fingerprint), \(startReminder),
                    \(ReminderSchedule.sentAt(due: startReminder, settingAt: trip.createdAt)))
            ON CONFLICT (owner_id, idempotency_key) DO NOTHING
            RETURNING \(unescaped: Self.columns)
            """)
        if let row = inserted.first { return try Self.decode(row) }
        // The key was used before: that first trip is the answer.
        guard
            let first = try await database.query(
                """
                SELECT \(unescaped: Self.columns) FROM trips.trips WHERE owner_id = \(trip.ownerID) AND idempotency_key = \(idempotencyKey)
                """
            ).first
        else { throw RoamError.internal }
        let replayed = try Self.decode(first)
        try await database.checkReplay(of: "trips.trips", id: replayed.id)
        return replayed
    }

    public func trip(_ id: UUID, owner: UUID) async throws -> Trip? {
        try await database.query("SELECT \(unescaped: Self.columns) FROM trips.trips WHERE id = \(id) AND owner_id = \(owner)")
            .first.map(Self.decode)
    }

    public func trips(of owner: UUID, matching filter: TripFilter, page: PageRequest) async throws -> Page<Trip> {
        let after = try TripCursor.decode(page.cursor)
        var phase = "", instant = Date(), month: CalendarMonth?
        switch filter {
        case .all: break
        case .phase(let wanted, let at): (phase, instant) = (wanted.rawValue, at)
        case .month(let wanted): month = wanted
        }
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM trips.trips,
                   LATERAL (SELECT (\(instant)::timestamptz AT TIME ZONE time_zone)::date AS today) local
            WHERE owner_id = \(owner)
              AND CASE \(phase) WHEN 'upcoming' THEN start_date > local.today
                                 WHEN 'current' THEN start_date <= local.today AND end_date >= local.today
                                 WHEN 'past' THEN end_date < local.today
                                 ELSE true END
              AND (\(month == nil) OR (start_date <= \(month?.last.description ?? "2000-01-01")::date
                                     AND end_date >= \(month?.first.description ?? "2000-01-01")::date))
              AND (\(after == nil) OR (start_date, id) < (\(after?.start.description ?? "2000-01-01")::date, \(after?.id ?? UUID())))
            ORDER BY start_date DESC, id DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decode)
        return Page(fetched: rows, size: page.size) { TripCursor($0).token }
    }

    public func update(_ id: UUID, owner: UUID, details: TripDetails, at time: Date) async throws -> Trip? {
        let point = details.destination.point
        let startReminder = ReminderSchedule.tripStart(of: details)
        return try await database.transaction { connection in
            let logger = CallContext.current.logger
            // SET reads the row as it was: a start reminder that moved is sent again.
            guard
                let row = try await connection.query(
                    """
                    UPDATE trips.trips SET title = \(details.title), destination_name = \(details.destination.name),
                        destination = CASE WHEN \(point == nil) THEN NULL
                                           ELSE ST_SetSRID(ST_MakePoint(\(point?.longitude ?? 0), \(point?.latitude ?? 0)), 4326)::geography END,
                        start_date = \(details.dates.start.description)::date, end_date = \(details.dates.end.description)::date,
                        time_zone = \(details.zone.identifier), home_currency = \(details.homeCurrency),
                        start_reminded_at = CASE WHEN start_reminder_at = \(startReminder) THEN start_reminded_at
                                                 ELSE \(ReminderSchedule.sentAt(due: startReminder, settingAt: time)) END,
                        start_reminder_sent = start_reminder_sent AND start_reminder_at = \(startReminder),
                        start_reminder_at = \(startReminder)
                    WHERE id = \(id) AND owner_id = \(owner)
                    RETURNING \(unescaped: Self.columns)
                    """, logger: logger
                ).collect().first
            else { return nil }
            let trip = try Self.decode(row)
            try await Self.rescheduleItineraryReminders(of: trip, at: time, on: connection, logger: logger)
            try await Self.rescheduleDailyReminder(of: trip, at: time, on: connection, logger: logger)
            return trip
        }
    }

    public func deleteAll(of owner: UUID) async throws -> Int {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let deleted = try await connection.query("DELETE FROM trips.trips WHERE owner_id = \(owner) RETURNING id", logger: logger).collect()
            try await PostgresPublicationQueue.forget(user: owner, schema: TripsMigrations.schema, on: connection, logger: logger)
            return deleted.count
        }
    }

    public func delete(_ id: UUID, owner: UUID, at time: Date) async throws -> Bool {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            let deleted = try await connection.query("DELETE FROM trips.trips WHERE id = \(id) AND owner_id = \(owner) RETURNING id", logger: logger)
                .collect()
            guard !deleted.isEmpty else { return false }
            try await PostgresOutbox.insert(
                OutboxEntry(id: .v7(at: time), topic: .tripDeleted, subjectID: id, createdAt: time),
                schema: TripsMigrations.schema, on: connection, logger: logger)
            return true
        }
    }
}

extension PostgresTripStore: StoreWithOutbox {
    public var outbox: any OutboxRepository { PostgresOutbox(database: database, schema: TripsMigrations.schema) }
    public var publications: any PublicationQueue { PostgresPublicationQueue(database: database, schema: TripsMigrations.schema) }
}
