import Foundation

extension RoamSession {
    /// Where the session stands, now and at each change: signed in as whom, refreshing, or signed out
    /// and why. While anyone listens, the session keeps the notification stream open, so a session the
    /// gateway ends (revoked from another device, a password changed, the account deleted) is reported
    /// as soon as the gateway says so, not on the next call. Stop listening to close it.
    public nonisolated func states() -> AsyncStream<SessionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionState.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        Task { await self.addStateListener(id, continuation) }
        continuation.onTermination = { _ in Task { await self.removeStateListener(id) } }
        return stream
    }
}
