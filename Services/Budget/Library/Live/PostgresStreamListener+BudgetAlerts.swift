import Foundation
import Logging
import RoamRuntime

extension PostgresStreamListener where Note == BudgetAlert {
    /// The alerts any replica publishes, announced on `budget_alerts` as their write commits.
    public static func budgetAlerts(database: Database, streams: UserStreams<BudgetAlert>, logger: Logger) -> Self {
        Self(database: database, channel: PostgresBudgetStore.alertsChannel, streams: streams, logger: logger) { payload in
            (try? JSONDecoder().decode(AlertAnnouncement.self, from: Data(payload.utf8)).alert).map { ($0, $0.ownerID) }
        }
    }
}
