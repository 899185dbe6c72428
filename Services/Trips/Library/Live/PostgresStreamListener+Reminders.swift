import Foundation
import Logging
import RoamRuntime

extension PostgresStreamListener where Note == TripNotification {
    /// The reminders any replica's worker claims, announced on `trips_reminders` as the claim commits.
    public static func reminders(database: Database, streams: UserStreams<TripNotification>, logger: Logger) -> Self {
        Self(database: database, channel: PostgresTripStore.remindersChannel, streams: streams, logger: logger) { payload in
            (try? JSONDecoder().decode(ReminderAnnouncement.self, from: Data(payload.utf8)).reminder).map {
                (.reminder($0, at: $0.sentAt ?? Date()), $0.ownerID)
            }
        }
    }
}
