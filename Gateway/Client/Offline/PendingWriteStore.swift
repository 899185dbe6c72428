/// Where a session keeps the writes it has not sent yet, in order, so they outlive the app's process.
/// Implement it to keep them elsewhere (Core Data, SQLite).
public protocol PendingWriteStore: Sendable {
    func load() async throws -> [PendingWrite]
    /// Replaces what is kept with `writes`.
    func save(_ writes: [PendingWrite]) async throws
}
