/// Where a service's publications go: the notifications service, which files each once (by its key)
/// in the user's inbox, streams and pushes it.
public protocol Publisher: Sendable {
    /// Idempotent by each publication's key. Throws `RoamError` with `.invalidArgument` when the
    /// notifications service refuses what was sent (sending it again cannot help).
    func publish(_ publications: [Publication]) async throws
}
