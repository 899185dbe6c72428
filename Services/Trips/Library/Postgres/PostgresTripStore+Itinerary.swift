import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// The itinerary in `trips.itinerary_items`, deleted with its trip by the foreign key. Each item keeps
/// its reminder's due time, for the reminder worker.
extension PostgresTripStore: ItineraryRepository {
    static let itemColumns = """
        id, trip_id, owner_id, place_id, item_date::text, minute_of_day, remind_minutes_before, note, remind_at, created_at, title,
        location_name, ST_Y(location::geometry), ST_X(location::geometry)
        """

    static func decodeItem(_ row: PostgresRow) throws -> ItineraryItem {
        let (id, trip, owner, place, date, minute, remind, note, remindAt, created, title, locationName, latitude, longitude) =
            try row.decode((UUID, UUID, UUID, UUID?, String, Int?, Int, String?, Date, Date, String, String?, Double?, Double?).self)
        let point = latitude.flatMap { latitude in longitude.map { GeoPoint(latitude: latitude, longitude: $0) } }
        guard let day = LocalDate(date) else { throw RoamError.internal }
        return ItineraryItem(
            id: id, tripID: trip, ownerID: owner, placeID: place, title: title,
            location: locationName.map { Destination(name: $0, point: point) },
            plan: ItineraryPlan(date: day, minuteOfDay: minute, remindMinutesBefore: remind, note: note),
            remindAt: remindAt, createdAt: created)
    }

    public func addItem(_ item: ItineraryItem) async throws -> ItineraryItem? {
        let plan = item.plan
        return try await database.query(
            """
            INSERT INTO trips.itinerary_items (id, trip_id, owner_id, place_id, item_date, minute_of_day, remind_minutes_before, note, remind_at,
                                               reminded_at, created_at, title, location_name, location)
            SELECT \(item.id), id, owner_id, \(item.placeID), \(plan.date.description)::date, \(plan.minuteOfDay), \(plan.remindMinutesBefore),
                   \(plan.note), \(item.remindAt), \(ReminderSchedule.sentAt(due: item.remindAt, settingAt: item.createdAt)), \(item.createdAt),
                   \(item.title), \(item.location?.name),
                   CASE WHEN \(item.location?.point == nil) THEN NULL ELSE ST_SetSRID(ST_MakePoint(\(item.location?.point?.longitude ?? 0),
                                                                                               \(item.location?.point?.latitude ?? 0)), 4326)::geography END
            FROM trips.trips WHERE id = \(item.tripID) AND owner_id = \(item.ownerID)
            RETURNING \(unescaped: Self.itemColumns)
            """
        ).first.map(Self.decodeItem)
    }

    public func itinerary(ofTrip trip: UUID, owner: UUID) async throws -> [ItineraryItem] {
        try await database.query(
            """
            SELECT \(unescaped: Self.itemColumns) FROM trips.itinerary_items WHERE trip_id = \(trip) AND owner_id = \(owner)
            ORDER BY item_date, minute_of_day NULLS FIRST, created_at, id
            """
        ).map(Self.decodeItem)
    }

    public func removeItem(_ id: UUID, owner: UUID) async throws -> Bool {
        !(try await database.query("DELETE FROM trips.itinerary_items WHERE id = \(id) AND owner_id = \(owner) RETURNING 1")).isEmpty
    }
}
