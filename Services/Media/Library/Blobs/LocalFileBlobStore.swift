import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Blobs as files under one directory, the default store. A blob is written to `.partial/` first,
/// fsynced, then renamed into place (rename replaces atomically on one file system), so a crash never
/// leaves half a file under a real name. File work runs on NIO's blocking-I/O threads, off the
/// concurrency pool.
public final class LocalFileBlobStore: BlobStore {
    public let root: URL
    private let partial: URL
    private let io: NIOThreadPool
    static let chunkSize = 256 * 1024

    public init(root: URL) throws {
        self.root = root.standardizedFileURL
        partial = self.root.appendingPathComponent(".partial", isDirectory: true)
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        io = NIOThreadPool.singleton
    }

    public func put(_ key: BlobKey, contentsOf source: URL) async throws(BlobError) {
        try await write(key) { destination in
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try destination.write(contentsOf: chunk)
            }
        }
    }

    public func put(_ key: BlobKey, bytes: Data) async throws(BlobError) {
        try await write(key) { destination in try destination.write(contentsOf: bytes) }
    }

    public func read(_ key: BlobKey, range: ClosedRange<Int>?) async throws(BlobError) -> BlobContent {
        let path = url(of: key).path
        let reader: ChunkReader = try await run {
            guard FileManager.default.fileExists(atPath: path) else { throw BlobError.notFound(key) }
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            let size = Int(try handle.seekToEnd())
            guard let range else { return ChunkReader(handle: handle, size: size, range: nil, start: 0, count: size) }
            guard range.lowerBound >= 0, range.lowerBound < size else {
                try? handle.close()
                throw BlobError.rangeNotSatisfiable(size: size)
            }
            let clamped = range.lowerBound...min(range.upperBound, size - 1)
            return ChunkReader(handle: handle, size: size, range: clamped, start: clamped.lowerBound, count: clamped.count)
        }
        let io = self.io
        let chunks = AsyncThrowingStream<Data, any Error> {
            try await io.runIfActive { try reader.next() }
        }
        return BlobContent(size: reader.size, range: reader.range, chunks: chunks)
    }

    public func delete(_ key: BlobKey) async throws(BlobError) {
        let path = url(of: key).path
        try await run {
            if unlink(path) != 0, errno != ENOENT { throw BlobError.unavailable("deleting \(key): \(String(cString: strerror(errno)))") }
        }
    }

    public func list(prefix: String) async throws(BlobError) -> [BlobListing] {
        let root = self.root
        return try await run {
            guard
                let walker = FileManager.default.enumerator(
                    at: root,
                    includingPropertiesForKeys: [
                        .isRegularFileKey, .fileSizeKey,
                        .contentModificationDateKey,
                    ])
            else {
                return []
            }
            var found: [BlobListing] = []
            let rootPath = root.path + "/"
            let partialPath = rootPath + ".partial/"
            for case let file as URL in walker where !file.path.hasPrefix(partialPath) {
                let values = try file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey])
                guard values.isRegularFile == true, file.path.hasPrefix(rootPath),
                    let key = BlobKey(String(file.path.dropFirst(rootPath.count))), key.value.hasPrefix(prefix)
                else { continue }
                found.append(BlobListing(key: key, size: values.fileSize ?? 0, writtenAt: values.contentModificationDate ?? .distantPast))
            }
            return found.sorted { $0.key.value < $1.key.value }
        }
    }

    func url(of key: BlobKey) -> URL {
        root.appendingPathComponent(key.value)
    }

    /// Writes into a new file in `.partial/`, fsyncs it and renames it over `key`; on any failure the
    /// partial file goes and the old blob, if any, stays.
    private func write(_ key: BlobKey, _ fill: @escaping @Sendable (FileHandle) throws -> Void) async throws(BlobError) {
        let temporary = partial.appendingPathComponent(UUID().uuidString)
        let destination = url(of: key)
        try await run {
            do {
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw BlobError.unavailable("cannot create \(temporary.path): \(String(cString: strerror(errno)))")
                }
                let handle = try FileHandle(forWritingTo: temporary)
                do {
                    try fill(handle)
                    try handle.synchronize()
                    try handle.close()
                } catch {
                    try? handle.close()
                    throw error
                }
                let directory = destination.deletingLastPathComponent()
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                guard rename(temporary.path, destination.path) == 0 else {
                    throw BlobError.unavailable("renaming into \(key): \(String(cString: strerror(errno)))")
                }
                Self.synchronizeDirectory(directory.path)
            } catch {
                unlink(temporary.path)
                throw error
            }
        }
    }

    /// Makes the rename itself durable.
    private static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Runs blocking file work on the I/O threads; any error becomes a `BlobError`.
    private func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws(BlobError) -> Result {
        do {
            return try await io.runIfActive(work)
        } catch let error as BlobError {
            throw error
        } catch {
            throw BlobError.unavailable("\(error)")
        }
    }
}
