import Foundation
import PostgresNIO
import RoamCore
import RoamRuntime

/// The itinerary in `trips.itinerary_items`, deleted with its trip by the foreign key. Each item keeps
/// its reminder's due time, for the reminder worker.
extension PostgresTripStore: ItineraryRepository {
    static let itemColumns = """
        id, trip_id, owner_id, place_id, item_date::text, minute_of_day, remind_minutes_before, note, remind_at, created_at
        """

    static func decodeItem(_ row: PostgresRow) throws -> ItineraryItem {
        let (id, trip, owner, place, date, minute, remind, note, remindAt, created) =
            try row.decode((UUID, UUID, UUID, UUID, String, Int?, Int, String?, Date, Date).self)
        guard let day = LocalDate(date) else { throw RoamError.internal }
        return ItineraryItem(id: id, tripID: trip, ownerID: owner, placeID: place,
                             plan: ItineraryPlan(date: day, minuteOfDay: minute, remindMinutesBefore: remind, note: note),
                             remindAt: remindAt, createdAt: created)
    }

    public func addItem(_ item: ItineraryItem) async throws -> ItineraryItem? {
        let plan = item.plan
        return try await database.query("""
            INSERT INTO trips.itinerary_items (id, trip_id, owner_id, place_id, item_date, minute_of_day, remind_minutes_before, note, remind_at,
                                               reminded_at, created_at)
            SELECT \(item.id), id, owner_id, \(item.placeID), \(plan.date.description)::date, \(plan.minuteOfDay), \(plan.remindMinutesBefore),
                   \(plan.note), \(item.remindAt), \(ReminderSchedule.sentAt(due: item.remindAt, settingAt: item.createdAt)), \(item.createdAt)
            FROM trips.trips WHERE id = \(item.tripID) AND owner_id = \(item.ownerID)
            RETURNING \(unescaped: Self.itemColumns)
            """).first.map(Self.decodeItem)
    }

    public func itinerary(ofTrip trip: UUID, owner: UUID) async throws -> [ItineraryItem] {
        try await database.query("""
            SELECT \(unescaped: Self.itemColumns) FROM trips.itinerary_items WHERE trip_id = \(trip) AND owner_id = \(owner)
            ORDER BY item_date, minute_of_day NULLS FIRST, created_at, id
            """).map(Self.decodeItem)
    }

    public func removeItem(_ id: UUID, owner: UUID) async throws -> Bool {
        !(try await database.query("DELETE FROM trips.itinerary_items WHERE id = \(id) AND owner_id = \(owner) RETURNING 1")).isEmpty
    }
}
