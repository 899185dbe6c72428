import Crypto
import Foundation
import NIOPosix
import RoamCore

/// One upload being written to the spool: appended chunk by chunk by one caller, hashed on the way.
public final class SpoolFile: @unchecked Sendable {
    // One caller appends at a time (the upload's own task); nothing else touches it.
    public let url: URL
    private let maxBytes: Int
    private let handle: FileHandle
    private var hasher = SHA256()
    private var size = 0
    private var head: [UInt8] = []
    private var closed = false

    init(url: URL, maxBytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw RoamError(.unavailable, reason: "UNAVAILABLE", message: "the media service cannot write its spool directory")
        }
        self.url = url
        self.maxBytes = maxBytes
        handle = try FileHandle(forWritingTo: url)
    }

    deinit {
        if !closed { try? handle.close() }
    }

    public func append(_ chunk: Data) async throws {
        size += chunk.count
        guard size <= maxBytes else {
            discard()
            throw MediaError.tooLarge(limit: maxBytes)
        }
        hasher.update(data: chunk)
        if head.count < MediaType.sniffLength { head += chunk.prefix(MediaType.sniffLength - head.count) }
        let handle = self.handle
        try await NIOThreadPool.singleton.runIfActive { try handle.write(contentsOf: chunk) }
    }

    /// Closes the file and says what arrived.
    public func finish() throws -> SpooledUpload {
        closed = true
        try handle.close()
        return SpooledUpload(file: url, sizeBytes: size, sha256: hasher.finalize().map { String(format: "%02x", $0) }.joined(), head: head)
    }

    /// Closes and removes the file.
    public func discard() {
        if !closed { try? handle.close() }
        closed = true
        try? FileManager.default.removeItem(at: url)
    }
}
