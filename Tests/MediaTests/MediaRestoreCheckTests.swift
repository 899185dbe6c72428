import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Media

/// After a restore, an item whose original blob is not in the restored store goes (its owner deleted it
/// while the backup ran); every other item, and its attachment, stays.
@Suite struct MediaRestoreCheckTests {
    @Test func itemsWithoutTheirOriginalAreRemovedAndNoOtherItem() async throws {
        try await Database.withClient(url: TestDatabase.freshDatabase(), maxConnections: 2, logger: .init(label: "test")) { client in
            try await MediaMigrations.migrator.migrate(client, logger: .init(label: "test"))
            let harness = try MediaServiceHarness(repository: PostgresMediaStore(database: Database(client: client, operationTimeout: .seconds(30))))
            defer { harness.remove() }
            let owner = UUID()
            let kept = try await harness.upload(try harness.file("kept.jpg", width: 64, height: 48), owner: owner).item
            let lost = try await harness.upload(try harness.file("lost.jpg", width: 48, height: 64), owner: owner).item
            _ = try await harness.repository.attach([kept.id], owner: owner, to: "post:\(UUID())", at: Date())
            try await harness.blobs.delete(MediaBlobKeys(owner: owner, media: lost.id).original)

            let removed = try await MediaRestoreCheck.removeItemsWithoutOriginals(client, blobs: harness.blobs, logger: .init(label: "test"))
            #expect(removed == [lost.id])
            #expect(try await harness.repository.item(lost.id) == nil)
            #expect(try await harness.repository.item(kept.id)?.id == kept.id)
            #expect(try await harness.repository.subjects(of: kept.id).count == 1)
            #expect(try await MediaRestoreCheck.removeItemsWithoutOriginals(client, blobs: harness.blobs, logger: .init(label: "test")).isEmpty)
        }
    }
}
