/// Where a verifier hears of ended sessions and deleted accounts: the accounts service's
/// `WatchRevocations` over gRPC, or its own feed inside the accounts process.
public protocol RevocationSource: Sendable {
    /// Hands `receive` every batch after `position`, then each new one and an empty one every few
    /// seconds while nothing happens, until the stream is lost (throws) or the process stops.
    func follow(after position: Int64, _ receive: @escaping @Sendable (RevocationBatch) async throws -> Void) async throws
}
