import Foundation
import RoamRuntime
import RoamTesting

@testable import Notifications

extension StoreKind {
    /// - Parameter ownDatabase: a database of its own, for tests that claim pushes (a claim takes every
    ///   user's that is due).
    func withStore(ownDatabase: Bool = false, _ body: @Sendable (any NotificationStore) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryNotificationStore() }, migrator: NotificationsMigrations.migrator,
            postgres: { PostgresNotificationStore(database: $0) }, ownDatabase: ownDatabase, body)
    }
}
