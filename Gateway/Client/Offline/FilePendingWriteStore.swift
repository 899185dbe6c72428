import Foundation

/// Pending writes kept as JSON in a file only its owner may read, replaced whole on each save (a crash
/// never leaves half a file); a missing file holds none.
public actor FilePendingWriteStore: PendingWriteStore {
    public let url: URL
    private let file: OwnerOnlyFile

    public init(url: URL) {
        self.url = url
        self.file = OwnerOnlyFile(url: url)
    }

    /// The writes kept. A file that cannot be read (damaged outside the app: writes replace it whole)
    /// is moved aside as `<name>.unreadable-<time>`, kept for whoever looks into it, and none are
    /// waiting: the app goes on working.
    public func load() throws -> [PendingWrite] {
        do {
            return try file.read([PendingWrite].self) ?? []
        } catch is DecodingError {
            let aside = url.appendingPathExtension("unreadable-\(Int(Date().timeIntervalSince1970))")
            try FileManager.default.moveItem(at: url, to: aside)
            return []
        }
    }

    public func save(_ writes: [PendingWrite]) throws {
        try file.write(writes)
    }

    /// Beside the file: `<name>.files/`.
    public nonisolated var filesDirectory: URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".files", isDirectory: true)
    }
}
