import Foundation
import RoamRuntime
import RoamTesting

@testable import Moderation

/// The queue and the audit log of one store kind.
struct ModerationStores: Sendable {
    let cases: any CaseRepository
    let audit: any AuditRepository
}

extension StoreKind {
    /// A database of its own for PostgreSQL: the queue's order is checked across every case in it.
    func withStores(_ body: @Sendable (ModerationStores) async throws -> Void) async throws {
        try await with(
            memory: {
                let store = InMemoryModerationStore()
                return ModerationStores(cases: store, audit: store)
            }, migrator: ModerationMigrations.migrator,
            postgres: { ModerationStores(cases: PostgresCaseStore(database: $0), audit: PostgresAuditStore(database: $0)) }, ownDatabase: true,
            body)
    }
}
