import Foundation
import RoamRuntime

@testable import Notifications

/// Marks a user purged the way `PurgeGRPCService` does before it asks the store to forget them.
enum PurgedUsersMark {
    static func mark(_ user: UUID, in store: any NotificationStore) async throws {
        guard let postgres = store as? PostgresNotificationStore else { return }
        try await PurgedUsers(database: postgres.database, schema: NotificationsMigrations.schema).mark(user)
    }
}
