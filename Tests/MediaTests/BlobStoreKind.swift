import Foundation
import Media
import Testing

/// The blob stores the contract suite runs against. S3 joins when it exists.
enum BlobStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case localFiles

    var testDescription: String { rawValue }

    /// A new, empty store of this kind, and how to clean up after it.
    func makeStore() throws -> (store: any BlobStore, cleanUp: @Sendable () -> Void) {
        switch self {
        case .localFiles:
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-blobs-\(UUID().uuidString)")
            return (try LocalFileBlobStore(root: root), { try? FileManager.default.removeItem(at: root) })
        }
    }
}
