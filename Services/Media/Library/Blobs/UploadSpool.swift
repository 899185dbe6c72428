import Foundation
import RoamCore

/// Receives uploads into files in one directory, hashing as they arrive, so no process holds a whole
/// file in memory. An upload stops with `MEDIA_TOO_LARGE` as soon as its bytes pass the limit.
public struct UploadSpool: Sendable {
    public let directory: URL

    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A new spool file to append an upload's chunks to.
    public func begin(maxBytes: Int) throws -> SpoolFile {
        try SpoolFile(url: directory.appendingPathComponent("upload-\(UUID().uuidString)"), maxBytes: maxBytes)
    }

    /// Spools every chunk of `chunks`.
    public func receive<Chunks: AsyncSequence>(_ chunks: Chunks, maxBytes: Int) async throws -> SpooledUpload where Chunks.Element == Data {
        let file = try begin(maxBytes: maxBytes)
        do {
            for try await chunk in chunks { try await file.append(chunk) }
            return try file.finish()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Removes a spooled file once it is stored (or refused).
    public func discard(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }
}
