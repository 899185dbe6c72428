/// Where a session keeps the answers of reads an app shows offline, by account and request. Implement
/// it to keep them elsewhere (SQLite, Core Data).
public protocol ReadCache: Sendable {
    func answer(for key: String) async -> CachedAnswer?
    func store(_ answer: CachedAnswer, for key: String) async
    /// Forgets every answer (any sign-out: they were that account's).
    func removeAll() async
}
