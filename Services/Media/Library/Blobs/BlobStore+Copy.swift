import Foundation
import NIOPosix

extension BlobStore {
    /// Writes the blob under `key` to a new file at `destination`, chunk by chunk (for libvips, which
    /// reads files).
    public func copy(_ key: BlobKey, toFileAt destination: URL) async throws {
        let content = try await read(key)
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw BlobError.unavailable("cannot create \(destination.lastPathComponent) for a copy of \(key)")
        }
        let handle = try FileHandle(forWritingTo: destination)
        defer { try? handle.close() }
        for try await chunk in content.chunks {
            try await NIOThreadPool.singleton.runIfActive { try handle.write(contentsOf: chunk) }
        }
    }
}
