import Foundation
import Logging
import Metrics
import RoamRuntime
import ServiceLifecycle

/// Sends what the mail outbox holds: each round claims the due mails (one replica each), composes and
/// sends them, marks them sent, postpones them with growing pauses while the server is away or
/// answers 4xx, and marks them failed on a 5xx about the message. The operator sees the outcome in
/// `roam mail` and in `roam_mail_*` metrics; no log line holds a mail's fields.
public struct MailDelivery: Service {
    let queue: any MailQueue
    let composer: MailComposer
    let transport: any MailTransport
    /// Signalled when a mail is queued; the worker also looks every `interval`.
    let wakeUp: WakeUp
    let interval: Duration
    let longestPause: Duration
    let logger: Logger
    let now: @Sendable () -> Date

    public init(
        queue: any MailQueue, composer: MailComposer, transport: any MailTransport, wakeUp: WakeUp = WakeUp(),
        interval: Duration = .seconds(5),
        longestPause: Duration = .seconds(300), logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.queue = queue
        self.composer = composer
        self.transport = transport
        self.wakeUp = wakeUp
        self.interval = interval
        self.longestPause = longestPause
        self.logger = logger
        self.now = now
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastTidy = ContinuousClock.now - Self.tidyInterval
            while !Task.isCancelled {
                do {
                    while try await deliverDue() == Self.batch {}
                    if ContinuousClock.now - lastTidy >= Self.tidyInterval {
                        lastTidy = .now
                        try await queue.forgetSettled(before: now().addingTimeInterval(-Self.receiptLifetime))
                        Gauge(label: "roam_mail_pending").record(try await queue.totals()[.pending] ?? 0)
                    }
                } catch  where !Task.isCancelled {
                    logger.warning("mail delivery failed", metadata: ["error": .describing(error)])
                } catch {}
                await wakeUp.wait(upTo: interval)
            }
        }
    }

    /// How often old mails are forgotten and the pending ones counted.
    static let tidyInterval = Duration.seconds(60)

    static let batch = 20
    /// A claimed mail is another replica's to try again only after this: longer than one try may take.
    static let lease = Duration.seconds(120)
    /// How long a sent or failed mail is kept for `roam mail`.
    public static let receiptLifetime: TimeInterval = 30 * 86_400

    /// One round; returns how many mails it claimed.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let mails = try await queue.claim(at: now(), lease: Self.lease, limit: Self.batch)
        for mail in mails { try await deliver(mail) }
        return mails.count
    }

    private func deliver(_ mail: QueuedMail) async throws {
        let metadata: Logger.Metadata = ["mail_id": "\(mail.id)", "kind": "\(mail.kind)", "attempt": "\(mail.attempts)"]
        do {
            try await transport.send(try composer.message(for: mail, at: now()))
            try await queue.markSent(mail.id, at: now())
            Counter(label: "roam_mail_sent_total", dimensions: [("kind", mail.kind)]).increment()
            logger.info("mail sent", metadata: metadata)
        } catch let refusal as MailRefusal {
            try await queue.markFailed(mail.id, at: now(), error: refusal.reason)
            Counter(label: "roam_mail_failed_total", dimensions: [("kind", mail.kind)]).increment()
            logger.warning("mail refused for good", metadata: metadata.merging(["error": "\(refusal.reason)"]) { $1 })
        } catch let error as MailComposerError {
            try await queue.markFailed(mail.id, at: now(), error: error.description)
            Counter(label: "roam_mail_failed_total", dimensions: [("kind", mail.kind)]).increment()
            logger.error("mail cannot be written", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        } catch {
            let pause = pause(afterAttempts: mail.attempts)
            try await queue.postpone(mail.id, until: now().adding(pause), error: "\(error)")
            Counter(label: "roam_mail_retries_total", dimensions: [("kind", mail.kind)]).increment()
            logger.notice("mail not sent yet", metadata: metadata.merging(["error": "\(error)", "retry_in": "\(pause)"]) { $1 })
        }
    }

    /// 1 s, 2 s, 4 s … up to `longestPause`.
    func pause(afterAttempts attempts: Int) -> Duration {
        min(longestPause, .seconds(1 << min(max(attempts - 1, 0), 16)))
    }
}
