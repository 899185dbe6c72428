import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget

extension StoreKind {
    func withStore(_ body: @Sendable (any BudgetRepository & RateRepository) async throws -> Void) async throws {
        // The whole suite shares two cores: 50 writes queued on one budget's lock may wait long.
        try await with(memory: { InMemoryBudgetStore() }, migrator: BudgetMigrations.migrator, postgres: { PostgresBudgetStore(database: $0) }, body)
    }
}
