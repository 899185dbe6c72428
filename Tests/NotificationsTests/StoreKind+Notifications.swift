import Foundation
import RoamRuntime
import RoamTesting

@testable import Notifications

extension StoreKind {
    func withStore(_ body: @Sendable (any NotificationStore) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryNotificationStore() }, migrator: NotificationsMigrations.migrator,
            postgres: { PostgresNotificationStore(database: $0) }, body)
    }
}
