import Logging
import ServiceLifecycle

/// The loops every background worker runs until graceful shutdown: a step repeated on an interval
/// (sweeper, ranker, outbox delivery), or a long-lived listener restarted when it fails (relays,
/// watchers). A failing step is logged and tried again; it never ends the process.
public enum BackgroundLoop {
    /// Runs `step` every `interval`; the first time at once, or after one interval when `waitFirst`.
    public static func every(
        _ interval: Duration, waitFirst: Bool = false, logger: Logger, failure: String,
        _ step: @escaping @Sendable () async throws -> Void
    ) async {
        await cancelWhenGracefulShutdown {
            if waitFirst { try? await Task.sleep(for: interval) }
            while !Task.isCancelled {
                do {
                    try await step()
                } catch  where !Task.isCancelled {
                    logger.warning("\(failure)", metadata: ["error": .describing(error)])
                } catch {}
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Runs `listen` again whenever it ends or fails, with pauses growing from `firstPause` to
    /// `longestPause`; a listener that held for a while starts the pauses afresh.
    public static func restarting(
        logger: Logger, lost: String, firstPause: Duration = .milliseconds(250),
        longestPause: Duration = .seconds(10), _ listen: @escaping @Sendable () async throws -> Void
    ) async {
        await cancelWhenGracefulShutdown {
            var pause = firstPause
            while !Task.isCancelled {
                let started = ContinuousClock.now
                do {
                    try await listen()
                } catch  where !Task.isCancelled {
                    logger.warning("\(lost)", metadata: ["error": .describing(error)])
                } catch {}
                guard !Task.isCancelled else { return }
                if ContinuousClock.now - started > .seconds(5) { pause = firstPause }
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, longestPause)
            }
        }
    }
}
