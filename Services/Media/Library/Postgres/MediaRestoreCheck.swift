import Foundation
import Logging
import PostgresNIO

/// After a restore: items whose original blob is missing are removed. A backup copies blobs before and
/// after its dump; an item uploaded between the first copy and the dump, then deleted by its owner before
/// the second copy, is in the dump without bytes, and removing it is what its owner asked for.
public enum MediaRestoreCheck {
    /// The ids removed. `client` reaches the restored database; `blobs` the restored store.
    public static func removeItemsWithoutOriginals(_ client: PostgresClient, blobs: any BlobStore, logger: Logger) async throws -> [UUID] {
        let originals = Set(try await blobs.list(prefix: "originals/").map(\.key))
        var missing: [UUID] = []
        for try await (id, owner) in try await client.query("SELECT id, owner_id FROM media.items", logger: logger).decode((UUID, UUID).self)
        where !originals.contains(MediaBlobKeys(owner: owner, media: id).original) {
            missing.append(id)
        }
        if !missing.isEmpty {
            try await client.query("DELETE FROM media.items WHERE id = ANY(\(missing))", logger: logger)
        }
        return missing
    }
}
