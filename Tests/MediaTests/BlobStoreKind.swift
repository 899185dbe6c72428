import Foundation
import RoamTesting
import Testing

@testable import Media

/// The blob stores the contract suite runs against: files, and S3 as spoken by a real S3-protocol
/// server on loopback (`moto_server`, which checks the signatures).
enum BlobStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case localFiles
    case s3

    var testDescription: String { rawValue }

    /// A new, empty store of this kind, and how to clean up after it.
    func makeStore() async throws -> (store: any BlobStore, cleanUp: @Sendable () -> Void) {
        switch self {
        case .localFiles:
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-blobs-\(UUID().uuidString)")
            return (try LocalFileBlobStore(root: root), { try? FileManager.default.removeItem(at: root) })
        case .s3:
            let endpoint = try await S3TestServer.shared.endpoint()
            let store = S3BlobStore(
                settings: S3Settings(
                    endpoint: endpoint, bucket: "roam-media-\(UUID().uuidString.prefix(8).lowercased())",
                    region: "us-east-1", accessKeyID: "testing", secretAccessKey: "testing",
                    pathStyle: true))
            try await store.createBucket()
            return (store, {})
        }
    }
}
