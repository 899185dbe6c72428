import Foundation
import Logging
import Metrics
import ServiceLifecycle
import Synchronization

/// Follows the revocation feed for a process's verifier: from the last position it applied, again
/// after every loss (so nothing is missed), and gives up on a stream that has been silent longer than
/// the feed's idle messages allow. While the feed is unreachable the process keeps refusing what it
/// knows; `RevokedSessions.status` and the `roam_revocations_*` gauges say so. Without the feed for
/// longer than `grace` (lost, or not caught up since start), it could be letting ended sessions in:
/// `stale` is told why (and nil once the feed is followed again), and the process stops serving.
public struct RevocationFollower: Service {
    let source: any RevocationSource
    let revoked: RevokedSessions
    /// A stream with no message for this long is taken for lost.
    let silence: Duration
    let grace: Duration
    let stale: @Sendable (_ reason: String?) -> Void
    let logger: Logger

    public init(
        source: any RevocationSource, revoked: RevokedSessions, silence: Duration = .seconds(20), grace: Duration = .seconds(10),
        stale: @escaping @Sendable (_ reason: String?) -> Void = { _ in }, logger: Logger
    ) {
        self.source = source
        self.revoked = revoked
        self.silence = silence
        self.grace = grace
        self.stale = stale
        self.logger = logger
    }

    public func run() async throws {
        revoked.beginFollowing()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await follow() }
            group.addTask { await watch() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Looks every second at how long the feed has been away, and tells `stale` when that changes.
    private func watch() async {
        var wasStale = false
        while !Task.isCancelled {
            let away = revoked.unfollowedFor()
            let isStale = away.map { $0 > grace } ?? false
            if isStale != wasStale {
                wasStale = isStale
                if isStale {
                    let seconds = away?.components.seconds ?? 0
                    logger.error("without the revocation feed for \(seconds) s: not serving until it is followed again")
                    stale("REVOCATIONS_LOST: without accounts' revocation feed for \(seconds) s")
                } else {
                    logger.notice("following the revocation feed again: serving")
                    stale(nil)
                }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func follow() async {
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
                    if let suspended = batch.suspendedAccounts { SuspendedAccounts.shared.replace(with: suspended) }
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
