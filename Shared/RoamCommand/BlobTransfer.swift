import Foundation
import Media

/// Copies blobs from one store to another through a temporary file, one at a time, so a large video
/// never sits in memory; keys already in `done` are left out, so a second pass copies only what is new.
struct BlobTransfer {
    let source: any BlobStore
    let destination: any BlobStore

    /// The keys copied and their bytes.
    func copy(skipping done: Set<BlobKey> = []) async throws -> (keys: Set<BlobKey>, bytes: Int) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roam-blob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var copied = Set<BlobKey>()
        var bytes = 0
        for blob in try await source.list(prefix: "") where !done.contains(blob.key) {
            do {
                try await source.copy(blob.key, toFileAt: scratch)
            } catch BlobError.notFound {
                continue  // deleted since it was listed
            }
            try await destination.put(blob.key, contentsOf: scratch)
            try? FileManager.default.removeItem(at: scratch)
            copied.insert(blob.key)
            bytes += blob.size
        }
        return (copied, bytes)
    }
}
