import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget

extension StoreKind {
    /// A test that reads the outbox (`queuedPublications` claims all of it) has a database of its own,
    /// or a test running beside it could claim its publications first.
    func withStore(ownDatabase: Bool = false, _ body: @Sendable (any BudgetRepository & RateRepository) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryBudgetStore() }, migrator: BudgetMigrations.migrator, postgres: { PostgresBudgetStore(database: $0) },
            ownDatabase: ownDatabase, body)
    }
}
