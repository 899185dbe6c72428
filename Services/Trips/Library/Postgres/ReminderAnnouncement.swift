import Foundation
import RoamCore

/// One reminder as `PostgresTripStore.claimDueReminders` announces it on `trips_reminders`.
struct ReminderAnnouncement: Decodable {
    var kind: String
    var owner: UUID
    var trip: UUID
    var item: UUID?
    var place: UUID?
    var title: String
    var date: String
    var minute: Int?
    var due: Double
    /// Absent from a replica that predates replays: then it was sent just now.
    var sent: Double?

    var reminder: Reminder? {
        guard let kind = Reminder.Kind(rawValue: kind), let date = LocalDate(date) else { return nil }
        return Reminder(
            kind: kind, ownerID: owner, tripID: trip, itemID: item, placeID: place, title: title, date: date,
            minuteOfDay: minute, dueAt: Date(timeIntervalSince1970: due), sentAt: sent.map(Date.init(timeIntervalSince1970:)) ?? Date())
    }
}
