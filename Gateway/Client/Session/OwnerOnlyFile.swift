import Foundation

/// A value kept as JSON in a file only its owner may read, replaced whole on each write (a crash never
/// leaves half a file): what the file stores of tokens and pending writes share.
struct OwnerOnlyFile: Sendable {
    let url: URL

    /// The value kept, or nil when the file does not exist.
    func read<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.decoder.decode(type, from: Data(contentsOf: url))
    }

    func write(_ value: some Encodable) throws {
        let partial = url.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: try Self.encoder.encode(value), attributes: [.posixPermissions: 0o600]),
            rename(partial.path, url.path) == 0
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    func remove() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    // Times as `Date` keeps them (seconds since 2001 as a double), so they read back exactly.
    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()
}
