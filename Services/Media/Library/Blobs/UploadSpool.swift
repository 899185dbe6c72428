import Crypto
import Foundation
import NIOPosix
import RoamCore

/// Receives an upload's chunks into a file in one directory, hashing as it goes, so no process holds a
/// whole file in memory. Stops with `MEDIA_TOO_LARGE` as soon as the bytes pass the limit.
public struct UploadSpool: Sendable {
    public let directory: URL

    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public func receive<Chunks: AsyncSequence>(_ chunks: Chunks, maxBytes: Int) async throws -> SpooledUpload where Chunks.Element == Data {
        let file = directory.appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw RoamError(.unavailable, reason: "UNAVAILABLE", message: "the media service cannot write its spool directory")
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var hasher = SHA256()
            var size = 0
            var head: [UInt8] = []
            for try await chunk in chunks {
                size += chunk.count
                guard size <= maxBytes else { throw MediaError.tooLarge(limit: maxBytes) }
                hasher.update(data: chunk)
                if head.count < MediaType.sniffLength { head += chunk.prefix(MediaType.sniffLength - head.count) }
                try await NIOThreadPool.singleton.runIfActive { try handle.write(contentsOf: chunk) }
            }
            let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
            return SpooledUpload(file: file, sizeBytes: size, sha256: digest, head: head)
        } catch {
            discard(file)
            throw error
        }
    }

    /// Removes a spooled file once it is stored (or refused).
    public func discard(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }
}
