import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Media

extension StoreKind {
    func withRepository(_ body: @Sendable (any MediaRepository) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryMediaStore() }, migrator: MediaMigrations.migrator, postgres: { PostgresMediaStore(database: $0) },
            operationTimeout: .seconds(30), body)
    }
}
