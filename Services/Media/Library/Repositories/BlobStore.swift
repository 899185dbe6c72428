import Foundation

/// Where media bytes live: local files or S3-compatible object storage. A blob is written whole or not
/// at all; reading streams it in chunks, whole or a byte range, so no process holds a large file in
/// memory.
public protocol BlobStore: Sendable {
    /// Stores the file at `source` under `key`, replacing any blob of that name.
    func put(_ key: BlobKey, contentsOf source: URL) async throws(BlobError)
    /// Stores `bytes` under `key` (small things: thumbnails, previews).
    func put(_ key: BlobKey, bytes: Data) async throws(BlobError)
    /// The blob's size and its bytes, `range` of them when given (offsets into the blob, inclusive).
    func read(_ key: BlobKey, range: ClosedRange<Int>?) async throws(BlobError) -> BlobContent
    /// Removes the blob; removing one that is not there is not an error.
    func delete(_ key: BlobKey) async throws(BlobError)
    /// Every blob whose key starts with `prefix`, with when it was written, for the orphan sweeper.
    func list(prefix: String) async throws(BlobError) -> [BlobListing]
}

extension BlobStore {
    public func read(_ key: BlobKey) async throws(BlobError) -> BlobContent {
        try await read(key, range: nil)
    }

    /// Everything in the blob, for tests and small blobs.
    public func bytes(_ key: BlobKey) async throws(BlobError) -> Data {
        let content = try await read(key)
        var bytes = Data()
        do {
            for try await chunk in content.chunks { bytes.append(chunk) }
        } catch {
            throw BlobError.unavailable("reading \(key): \(error)")
        }
        return bytes
    }
}
