import Foundation

/// A file's bytes in 64 KiB chunks, read as the transport asks for them (a video is never held whole),
/// reporting how many were taken. Each iteration opens the file again, so a retry sends it all again.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let url: URL
    let size: Int64
    let progress: (@Sendable (TransferProgress) -> Void)?

    struct AsyncIterator: AsyncIteratorProtocol {
        let url: URL
        let size: Int64
        let progress: (@Sendable (TransferProgress) -> Void)?
        var handle: FileHandle?
        var sent: Int64 = 0

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if handle == nil { handle = try FileHandle(forReadingFrom: url) }
            guard let data = try handle?.read(upToCount: 1 << 16), !data.isEmpty else {
                try handle?.close()
                return nil
            }
            sent += Int64(data.count)
            progress?(TransferProgress(completedBytes: sent, totalBytes: size))
            return ArraySlice(data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(url: url, size: size, progress: progress)
    }
}
