import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import BucketLists

extension StoreKind {
    func withRepository(_ body: @Sendable (any BucketListRepository) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryBucketListStore() }, migrator: BucketListsMigrations.migrator,
            postgres: { PostgresBucketListStore(database: $0) }, body)
    }
}
