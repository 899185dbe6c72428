import Foundation
import RoamCore

@testable import Media

/// A media service on real parts: libvips, a blob store on files, the spool, and the given repository.
struct MediaServiceHarness {
    let service: MediaService
    let repository: any MediaRepository
    let blobs: LocalFileBlobStore
    let spool: UploadSpool
    let images: TestImages
    let root: URL

    init(repository: any MediaRepository, policy: MediaPolicy = MediaPolicy(), blobs: (any BlobStore)? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("roam-media-service-\(UUID().uuidString)")
        let files = try LocalFileBlobStore(root: root.appendingPathComponent("blobs"))
        self.blobs = files
        spool = try UploadSpool(directory: root.appendingPathComponent("spool"))
        images = try TestImages()
        self.repository = repository
        service = MediaService(
            repository: repository, blobs: blobs ?? files,
            images: ImageProcessor(reader: ImageReader(pixelLimit: policy.maxPixels), workers: Self.workers),
            policy: policy)
    }

    static let workers = ImageWorkers(threads: 2)

    /// Sends `bytes` the way the gRPC upload does, in 64 KiB chunks, and accepts them.
    func upload(
        _ bytes: Data, owner: UUID, details: UploadDetails = UploadDetails(), maxBytes: Int = 50_000_000
    ) async throws
        -> (item: MediaItem, duplicate: Bool)
    {
        let chunks = AsyncStream<Data> { continuation in
            var offset = 0
            while offset < bytes.count {
                continuation.yield(bytes[offset..<min(offset + 65_536, bytes.count)])
                offset += 65_536
            }
            continuation.finish()
        }
        let spooled = try await spool.receive(chunks, maxBytes: maxBytes)
        defer { spool.discard(spooled.file) }
        return try await service.accept(spooled, from: owner, details: details)
    }

    func file(_ name: String, width: Int = 400, height: Int = 300, exif: [String: String] = [:], orientation: Int? = nil) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: try images.make(name, width: width, height: height, exif: exif, orientation: orientation)))
    }

    func spoolIsEmpty() throws -> Bool {
        try FileManager.default.contentsOfDirectory(atPath: spool.directory.path).isEmpty
    }

    func remove() {
        images.remove()
        try? FileManager.default.removeItem(at: root)
    }
}
