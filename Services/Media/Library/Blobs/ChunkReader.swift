import Foundation

/// Reads a file's range in chunks, one per call, and closes the file at the end (or when dropped).
final class ChunkReader: @unchecked Sendable {
    // One caller at a time: an AsyncThrowingStream asks for the next chunk only after the last.
    private let handle: FileHandle
    let size: Int
    let range: ClosedRange<Int>?
    private var offset: Int
    private var remaining: Int
    private var closed = false

    init(handle: FileHandle, size: Int, range: ClosedRange<Int>?, start: Int, count: Int) {
        self.handle = handle
        self.size = size
        self.range = range
        offset = start
        remaining = count
    }

    deinit {
        if !closed { try? handle.close() }
    }

    func next() throws -> Data? {
        guard remaining > 0 else {
            finish()
            return nil
        }
        try handle.seek(toOffset: UInt64(offset))
        guard let chunk = try handle.read(upToCount: min(remaining, LocalFileBlobStore.chunkSize)), !chunk.isEmpty else {
            finish()
            throw BlobError.unavailable("the file ended early")
        }
        offset += chunk.count
        remaining -= chunk.count
        return chunk
    }

    private func finish() {
        guard !closed else { return }
        closed = true
        try? handle.close()
    }
}
