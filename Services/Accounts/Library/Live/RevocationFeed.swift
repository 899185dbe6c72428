import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle
import Synchronization

/// What `WatchRevocations` streams are made of. It looks for new revocations four times a second (one
/// `max(position)` for every follower of this replica together, whichever replica recorded them), and
/// each stream waits on it for its next batch. Revocations older than the access-token lifetime cover
/// no live token: new followers skip them, and they are forgotten.
public final class RevocationFeed: Service, Sendable {
    let repository: any RevocationRepository
    /// The longest an access token lives: a revocation older than this refuses nothing any more.
    let tokenLifetime: Duration
    let pollInterval: Duration
    let now: @Sendable () -> Date
    let logger: Logger
    private let latest = Atomic<Int64>(0)
    private let ended = Atomic<Bool>(false)

    public init(
        repository: any RevocationRepository, tokenLifetime: Duration, pollInterval: Duration = .milliseconds(250),
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.repository = repository
        self.tokenLifetime = tokenLifetime
        self.pollInterval = pollInterval
        self.now = now
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            var failing = false
            var lastForgetting = ContinuousClock.now - .seconds(3600)
            while !Task.isCancelled {
                do {
                    latest.store(try await repository.latestPosition(), ordering: .relaxed)
                    if ContinuousClock.now - lastForgetting > .seconds(60) {
                        lastForgetting = ContinuousClock.now
                        // An hour beyond need, for followers a little behind.
                        try await repository.forget(before: horizon.addingTimeInterval(-3600))
                    }
                    if failing { logger.info("reading the revocations again") }
                    failing = false
                } catch  where !Task.isCancelled {
                    // Once per outage, not four times a second.
                    if !failing { logger.warning("could not read the revocations", metadata: ["error": .describing(error)]) }
                    failing = true
                } catch {}
                try? await Task.sleep(for: pollInterval)
            }
        }
    }

    /// Revocations made before this refuse no token that has not expired.
    var horizon: Date {
        now().addingTimeInterval(-Double(tokenLifetime.components.seconds) - 60)
    }

    /// When the last token a revocation made at `time` refuses has expired.
    func forgetAfter(_ time: Date) -> Date {
        time.addingTimeInterval(Double(tokenLifetime.components.seconds) + 60)
    }

    /// The next revocations after `position`, at most `limit`, with the position the follower is at
    /// after them. Waits up to `idle` for one; returns none (and the position caught up to) when
    /// nothing came, so the stream can say it is alive.
    func next(after position: Int64, limit: Int = 500, idle: Duration) async throws -> (revocations: [Revocation], position: Int64) {
        let started = ContinuousClock.now
        while true {
            let known = latest.load(ordering: .relaxed)
            let found = try await repository.revocations(after: position, since: horizon, limit: limit)
            if let last = found.last { return (found, last.position) }
            // Nothing after `position` that still matters, up to what the last look saw.
            let caughtUp = max(position, known)
            if caughtUp > position || ended.load(ordering: .relaxed) || ContinuousClock.now - started >= idle { return ([], caughtUp) }
            while latest.load(ordering: .relaxed) <= caughtUp, !ended.load(ordering: .relaxed), ContinuousClock.now - started < idle {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Hands `receive` every batch after `position`, then each new one, and an empty one after
    /// `idle` without any, until shutdown or cancellation. The first batch comes at once, empty if there
    /// is nothing new: a follower coming back (after accounts restarted) knows at once it is following
    /// again, rather than up to `idle` later, which the soak run saw push services past their
    /// revocation grace and refuse requests after accounts was back. The first batch, and each with a suspension
    /// change, also carries every account suspended now (read after the batch, so it is at least as
    /// new): a follower replaces what it knew, and needs no history older than the tokens.
    func follow(
        after position: Int64, idle: Duration = .seconds(5),
        _ receive: @Sendable (_ revocations: [Revocation], _ position: Int64, _ suspended: [UUID: Date?]?) async throws -> Void
    ) async throws {
        var position = max(position, 0)
        var first = true
        while !hasEnded, !Task.isCancelled {
            let (revocations, next) = try await next(after: position, idle: first ? .zero : idle)
            position = next
            let suspended = first || revocations.contains(where: \.suspensionChanged) ? try await repository.suspendedAccounts(at: now()) : nil
            first = false
            try await receive(revocations, next, suspended)
        }
    }

    /// Whether shutdown has begun: streams end.
    var hasEnded: Bool { ended.load(ordering: .relaxed) }

    /// Ends every stream (graceful shutdown).
    public func end() {
        ended.store(true, ordering: .relaxed)
    }
}
