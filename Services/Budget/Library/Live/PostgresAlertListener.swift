import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime
import ServiceLifecycle

/// Hears the alerts any replica publishes (announced on `budget_alerts` as their write commits) and
/// hands them to the streams open on this replica.
public struct PostgresAlertListener: Service {
    let database: Database
    let streams: UserStreams<BudgetAlert>
    let logger: Logger

    public init(database: Database, streams: UserStreams<BudgetAlert>, logger: Logger) {
        self.database = database
        self.streams = streams
        self.logger = logger
    }

    /// Listens until graceful shutdown, reconnecting when the connection is lost.
    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the budget alerts channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: PostgresBudgetStore.alertsChannel) { announcements in
                    for try await announced in announcements {
                        guard let alert = try? JSONDecoder().decode(AlertAnnouncement.self, from: Data(announced.payload.utf8)).alert else {
                            logger.warning("unreadable budget alert announcement", metadata: ["payload": "\(announced.payload)"])
                            continue
                        }
                        streams.deliver(alert, to: alert.ownerID)
                    }
                }
            }
        }
    }
}
