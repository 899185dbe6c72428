import Foundation
import Metrics
import RoamRuntime
import Synchronization

/// The notification streams and chat sockets open at this gateway, by user and session. An ended
/// session's or a deleted account's close at once, with the reason; and one user holds at most `limit`
/// at a time: opening one more closes their oldest, so a forgotten tab or a leaky app cannot hold the
/// gateway's (and three services') streams open without end.
public final class OpenStreams: Sendable {
    struct Stream {
        var kind: String
        var user: UUID
        var session: UUID?
        var close: @Sendable (RoamError) -> Void
    }

    public let limit: Int
    private let state = Mutex<(next: UInt64, streams: [UInt64: Stream])>((0, [:]))

    public init(limit: Int) {
        self.limit = limit
        recordCounts()
    }

    /// Registers a stream of `user`'s (`kind`: `notifications` or `chat`) and returns its id, for
    /// `closed(_:)` when it ends; `close` ends it with the reason the client is told.
    public func opened(_ kind: String, by user: AuthenticatedUser, close: @escaping @Sendable (RoamError) -> Void) -> UInt64 {
        let (id, evicted) = state.withLock { state -> (UInt64, [Stream]) in
            state.next += 1
            let id = state.next
            state.streams[id] = Stream(kind: kind, user: user.id, session: user.sessionID, close: close)
            // Ids grow, so the smallest are the oldest.
            let mine = state.streams.filter { $0.value.user == user.id }.keys.sorted()
            let excess = mine.prefix(max(0, mine.count - limit))
            return (id, excess.compactMap { state.streams.removeValue(forKey: $0) })
        }
        let tooMany = RoamError(
            .resourceExhausted(retryAfter: .seconds(1)), reason: "TOO_MANY_STREAMS",
            message: "this account opened more than \(limit) streams; the oldest was closed")
        for stream in evicted { stream.close(tooMany) }
        recordCounts()
        return id
    }

    public func closed(_ id: UInt64) {
        _ = state.withLock { $0.streams.removeValue(forKey: id) }
        recordCounts()
    }

    /// `roam_gateway_open_streams` by kind: what this gateway holds open (and three services with it).
    private func recordCounts() {
        let counts = state.withLock { state in
            Dictionary(grouping: state.streams.values, by: \.kind).mapValues(\.count)
        }
        for kind in ["notifications", "chat"] {
            Gauge(label: "roam_gateway_open_streams", dimensions: [("kind", kind)]).record(counts[kind] ?? 0)
        }
    }

    /// Closes the streams a revocation covers: the session's, or every one of a deleted account.
    public func revoke(_ revocation: RevocationBatch.Entry) {
        let ended = state.withLock { state -> [Stream] in
            let ids = state.streams.filter { id, stream in
                stream.user == revocation.userID && (revocation.sessionID == nil || stream.session == revocation.sessionID)
            }.keys
            return ids.compactMap { state.streams.removeValue(forKey: $0) }
        }
        let reason = revocation.sessionID == nil ? RevokedSessions.accountDeleted : RevokedSessions.sessionRevoked
        for stream in ended { stream.close(reason) }
        recordCounts()
    }
}
