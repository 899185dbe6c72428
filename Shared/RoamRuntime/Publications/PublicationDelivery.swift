import Foundation
import Logging
import Metrics
import ServiceLifecycle

/// Hands what a service's publication outbox holds to the notifications service: each round claims the
/// due publications (one replica each), publishes them in one call, and forgets them once filed. While
/// notifications is away they wait with growing pauses, so nothing acknowledged is lost; a batch it
/// refuses as malformed is split to find the one at fault, which is dropped and logged.
public struct PublicationDelivery: Service {
    let queue: any PublicationQueue
    let publisher: any Publisher
    /// Signalled when any replica queues a publication (`PublicationQueue.announce`); the worker also
    /// looks every `interval` for retries that fall due: 5 s, as mail does, so dozens of processes on
    /// one database do not each ask every second.
    let wakeUp: WakeUp
    let interval: Duration
    let longestPause: Duration
    let logger: Logger
    let now: @Sendable () -> Date

    public init(
        queue: any PublicationQueue, publisher: any Publisher, wakeUp: WakeUp = WakeUp(), interval: Duration = .seconds(5),
        longestPause: Duration = .seconds(300), logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.queue = queue
        self.publisher = publisher
        self.wakeUp = wakeUp
        self.interval = interval
        self.longestPause = longestPause
        self.logger = logger
        self.now = now
    }

    public func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { await queue.announce(to: wakeUp) }
            await deliverUntilShutdown()
            group.cancelAll()
        }
    }

    private func deliverUntilShutdown() async {
        await cancelWhenGracefulShutdown {
            var lastCount = ContinuousClock.now - Self.countInterval
            while !Task.isCancelled {
                do {
                    while try await deliverDue() == Self.batch {}
                    if ContinuousClock.now - lastCount >= Self.countInterval {
                        lastCount = .now
                        Gauge(label: "roam_publications_pending").record(try await queue.pendingCount())
                    }
                } catch  where !Task.isCancelled {
                    logger.warning("publishing notifications failed", metadata: ["error": .describing(error)])
                } catch {}
                await wakeUp.wait(upTo: interval)
            }
        }
    }

    static let countInterval = Duration.seconds(60)
    static let batch = 100
    /// A claimed batch is another replica's to try again only after this: longer than one call may take.
    static let lease = Duration.seconds(60)

    /// One round; returns how many publications it claimed.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let claimed = try await queue.claim(at: now(), lease: Self.lease, limit: Self.batch)
        guard !claimed.isEmpty else { return 0 }
        do {
            try await publish(claimed)
            Counter(label: "roam_publications_sent_total").increment(by: claimed.count)
        } catch {
            let pause = pause(afterAttempts: claimed.map(\.attempts).min() ?? 1)
            try await queue.postpone(claimed.map(\.id), until: now().adding(pause))
            Counter(label: "roam_publications_retries_total").increment(by: claimed.count)
            logger.notice(
                "notifications not published yet",
                metadata: ["count": "\(claimed.count)", "error": .describing(error), "retry_in": "\(pause)"])
        }
        return claimed.count
    }

    /// Publishes and forgets `batch`; a refusal as malformed is narrowed down to the publications at
    /// fault, which are dropped. Any other failure is thrown for the whole batch to wait.
    private func publish(_ batch: [QueuedPublication]) async throws {
        do {
            try await publisher.publish(batch.map(\.publication))
            try await queue.remove(batch.map(\.id))
        } catch let error as RoamError where error.kind == .invalidArgument {
            guard batch.count > 1 else {
                try await queue.remove(batch.map(\.id))
                Counter(label: "roam_publications_refused_total").increment()
                logger.error(
                    "the notifications service refused a publication", metadata: ["kind": "\(batch[0].publication.kind)", "error": "\(error)"])
                return
            }
            try await publish(Array(batch[..<(batch.count / 2)]))
            try await publish(Array(batch[(batch.count / 2)...]))
        }
    }

    /// 1 s, 2 s, 4 s … up to `longestPause`.
    func pause(afterAttempts attempts: Int) -> Duration {
        min(longestPause, .seconds(1 << min(max(attempts - 1, 0), 16)))
    }
}
