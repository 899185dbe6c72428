import Foundation

/// Where a session keeps the writes it has not sent yet, in order, so they outlive the app's process.
/// Implement it to keep them elsewhere (Core Data, SQLite).
public protocol PendingWriteStore: Sendable {
    func load() async throws -> [PendingWrite]
    /// Replaces what is kept with `writes`.
    func save(_ writes: [PendingWrite]) async throws
    /// Where copies of the files of uploads made offline are kept until they are sent; it must outlive
    /// the process as the writes do.
    var filesDirectory: URL { get }
}

extension PendingWriteStore {
    /// A folder of the temporary directory: enough for writes kept in memory only.
    public var filesDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roam-pending-files", isDirectory: true)
    }
}
