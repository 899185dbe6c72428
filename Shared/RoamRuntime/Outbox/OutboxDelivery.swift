import Foundation
import Logging
import Metrics
import RoamRuntime
import ServiceLifecycle

/// Delivers outbox entries to every purge target, retrying with growing pauses until each target
/// has acknowledged, so an ended event or a deleted account is forgotten everywhere even if a
/// service was down.
public struct OutboxDelivery: Service {
    let outbox: any OutboxRepository
    let targets: [any PurgeTarget]
    let interval: Duration
    let logger: Logger
    let now: @Sendable () -> Date
    /// The fault suite's crash point (see `CrashPoints`).
    let crashBeforeDelivery: Bool

    public init(
        outbox: any OutboxRepository, targets: [any PurgeTarget], interval: Duration = .seconds(2), logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init, crashBeforeDelivery: Bool = false
    ) {
        self.outbox = outbox
        self.targets = targets
        self.interval = interval
        self.logger = logger
        self.now = now
        self.crashBeforeDelivery = crashBeforeDelivery
    }

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "outbox delivery failed") { _ = try await deliverDue() }
    }

    /// One round: tries every due entry once. Returns how many entries were completed.
    public func deliverDue(limit: Int = 100) async throws -> Int {
        var completed = 0
        for entry in try await outbox.due(at: now(), limit: limit) {
            if crashBeforeDelivery { CrashPoints.crash(at: "before delivering outbox entry \(entry.id)") }
            var pending = false
            for target in targets where !entry.deliveredTo.contains(target.name) {
                do {
                    switch entry.topic {
                    case .eventEnded: try await target.purgeEvent(entry.subjectID)
                    case .userDeleted: try await target.purgeUser(entry.subjectID)
                    case .tripDeleted: try await target.purgeTrip(entry.subjectID)
                    }
                    try await outbox.acknowledge(entry.id, by: target.name, at: now())
                } catch {
                    pending = true
                    Counter(label: "roam_purge_retries_total", dimensions: [("target", target.name), ("topic", entry.topic.rawValue)]).increment()
                    logger.info(
                        "purge not acknowledged yet",
                        metadata: [
                            "target": "\(target.name)", "topic": "\(entry.topic.rawValue)", "subject_id": "\(entry.subjectID)",
                            "attempt": "\(entry.attempts + 1)", "error": .describing(error),
                        ])
                }
            }
            if pending {
                try await outbox.postpone(entry.id, until: now().adding(Self.backoff(afterAttempts: entry.attempts + 1)))
            } else {
                try await outbox.complete(entry.id, at: now())
                Counter(label: "roam_purges_completed_total", dimensions: [("topic", entry.topic.rawValue)]).increment()
                completed += 1
            }
        }
        try await recordBacklog()
        try await outbox.forgetCompleted(before: now().addingTimeInterval(-Self.receiptLifetime))
        return completed
    }

    /// `roam_outbox_pending` and `roam_outbox_oldest_seconds` per target: a backlog that grows, or an
    /// oldest entry that keeps ageing, is a target that does not acknowledge.
    private func recordBacklog() async throws {
        for (target, backlog) in try await outbox.backlog(of: targets.map(\.name)) {
            Gauge(label: "roam_outbox_pending", dimensions: [("target", target)]).record(backlog.count)
            let age = backlog.oldest.map { now().timeIntervalSince($0) } ?? 0
            Gauge(label: "roam_outbox_oldest_seconds", dimensions: [("target", target)]).record(max(0, age))
        }
    }

    /// How long a completed entry is kept as the receipt of its delivery (`roam purges`): long enough
    /// to answer a request about an erasure, and no longer, since it names the subject.
    public static let receiptLifetime: TimeInterval = 90 * 86_400

    /// 1 s, 2 s, 4 s … up to 5 minutes between rounds for one entry.
    static func backoff(afterAttempts attempts: Int) -> Duration {
        .seconds(min(300, 1 << min(attempts - 1, 9)))
    }
}
