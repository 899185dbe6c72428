import Foundation
import Logging
import Metrics
import ServiceLifecycle
import Synchronization

/// Follows the revocation feed for a process's verifier: from the last position it applied, again
/// after every loss (so nothing is missed), and gives up on a stream that has been silent longer than
/// the feed's idle messages allow. While the feed is unreachable the process keeps serving and keeps
/// refusing what it knows; `RevokedSessions.status` and the `roam_revocations_*` gauges say so.
public struct RevocationFollower: Service {
    let source: any RevocationSource
    let revoked: RevokedSessions
    /// A stream with no message for this long is taken for lost.
    let silence: Duration
    let logger: Logger

    public init(source: any RevocationSource, revoked: RevokedSessions, silence: Duration = .seconds(20), logger: Logger) {
        self.source = source
        self.revoked = revoked
        self.silence = silence
        self.logger = logger
    }

    public func run() async throws {
        let following = Gauge(label: "roam_revocations_following")
        let position = Gauge(label: "roam_revocations_position")
        await BackgroundLoop.restarting(
            logger: logger, lost: "lost the revocation feed; still refusing what it knew, following again",
            longestPause: .seconds(2)
        ) {
            do {
                try await followOnce { batch in
                    revoked.apply(batch)
                    for change in batch.relationChanges { RelationChanges.shared.record(change.users, at: change.at) }
                    following.record(1)
                    position.record(Double(batch.position))
                }
            } catch {
                following.record(0)
                revoked.lost(String(describing: error))
                throw error
            }
            following.record(0)
            revoked.lost("the feed ended")
        }
    }

    /// One stream, from the last position, until it ends, fails or falls silent.
    private func followOnce(_ apply: @escaping @Sendable (RevocationBatch) -> Void) async throws {
        let heard = LastHeard()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await source.follow(after: revoked.position) { batch in
                    heard.now()
                    apply(batch)
                }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .seconds(1))
                    if ContinuousClock.now - heard.time > silence { throw Silent() }
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// When the stream last said anything.
    private final class LastHeard: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var time: ContinuousClock.Instant { instant.withLock { $0 } }
        func now() { instant.withLock { $0 = ContinuousClock.now } }
    }

    struct Silent: Error, CustomStringConvertible {
        var description: String { "the feed fell silent" }
    }
}
