import Foundation

/// A value kept as JSON in a file only its owner may read, replaced whole on each write (a crash never
/// leaves half a file): what the file stores of tokens and pending writes share. The file is created
/// owner-only (`open` with `O_CREAT | O_EXCL` and mode 0600), never created readable and narrowed after.
struct OwnerOnlyFile: Sendable {
    let url: URL

    /// The value kept, or nil when the file does not exist.
    func read<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.decoder.decode(type, from: Data(contentsOf: url))
    }

    func write(_ value: some Encodable) throws {
        let bytes = [UInt8](try Self.encoder.encode(value))
        let partial = url.appendingPathExtension("partial")
        // What a crash left of an earlier write goes first: O_EXCL then makes the file this call's own.
        unlink(partial.path)
        let descriptor = open(partial.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(url) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(partial.path, url.path) == 0 else {
            unlink(partial.path)
            throw Self.failure(url)
        }
    }

    private static func failure(_ url: URL) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }

    func remove() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    // Times as `Date` keeps them (seconds since 2001 as a double), so they read back exactly.
    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()
}
