import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime
import ServiceLifecycle

/// Hears the reminders any replica's worker claims (announced on `trips_reminders` as the claim
/// commits) and hands them to the streams open on this replica.
public struct PostgresReminderListener: Service {
    let database: Database
    let streams: UserStreams<TripNotification>
    let logger: Logger

    public init(database: Database, streams: UserStreams<TripNotification>, logger: Logger) {
        self.database = database
        self.streams = streams
        self.logger = logger
    }

    /// One announcement as `PostgresTripStore.claimDueReminders` writes it.
    struct Announcement: Decodable {
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

    /// Listens until graceful shutdown, reconnecting when the connection is lost.
    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the reminders channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: PostgresTripStore.remindersChannel) { announcements in
                    for try await announced in announcements {
                        guard let reminder = try? JSONDecoder().decode(Announcement.self, from: Data(announced.payload.utf8)).reminder else {
                            logger.warning("unreadable reminder announcement", metadata: ["payload": "\(announced.payload)"])
                            continue
                        }
                        streams.deliver(.reminder(reminder, at: reminder.sentAt ?? Date()), to: reminder.ownerID)
                    }
                }
            }
        }
    }
}
