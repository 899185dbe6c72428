import Foundation
import Testing

@testable import Media

/// What only the file store promises: blobs are plain files under their keys, and a write that fails
/// leaves no partial file behind.
@Suite struct LocalFileBlobStoreTests {
    @Test func blobsAreFilesUnderTheirKeysAndFailuresLeaveNoPartialFiles() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try LocalFileBlobStore(root: root)
        let key = try #require(BlobKey("originals/u/a"))
        try await store.put(key, bytes: Data("photo".utf8))
        #expect(try Data(contentsOf: root.appendingPathComponent("originals/u/a")) == Data("photo".utf8))
        let missing = root.appendingPathComponent("no-such-source")
        await #expect(throws: BlobError.self) { try await store.put(key, contentsOf: missing) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".partial").path).isEmpty)
    }
}
