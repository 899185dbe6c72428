import Foundation
import Logging
import Metrics
import RoamCore
import RoamRuntime
import ServiceLifecycle

/// Sends the pushes that are due, on every replica: each claims a batch (`FOR UPDATE SKIP LOCKED` with
/// a lease, so one replica sends each push), writes its text in the device's language, and acts on the
/// push service's answer: gone when delivered or refused for good, the device forgotten when its token
/// is dead, tried again after `Retry-After` or a pause doubling from 1 s to `longestPause` otherwise.
public struct PushDelivery: Service {
    let store: any PushRepository & DeviceRepository
    let senders: [DevicePlatform: any PushSender]
    let texts: PushTexts
    let names: any ActorNames
    let wakeUp: WakeUp
    let longestPause: Duration
    let logger: Logger
    let now: @Sendable () -> Date

    public init(
        store: any PushRepository & DeviceRepository, senders: [DevicePlatform: any PushSender], wakeUp: WakeUp,
        names: any ActorNames = NoActorNames(), longestPause: Duration = .seconds(300),
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.senders = senders
        self.texts = PushTexts()
        self.names = names
        self.wakeUp = wakeUp
        self.longestPause = longestPause
        self.logger = logger
        self.now = now
    }

    static let batch = 50
    /// A claimed push is another replica's to try again only after this.
    static let lease = Duration.seconds(120)
    /// After this many tries over about a day a push is given up.
    static let attempts = 20

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    while try await deliverDue() == Self.batch {}
                    Gauge(label: "roam_push_pending").record(try await store.pendingPushes())
                } catch  where !Task.isCancelled {
                    logger.warning("push delivery failed", metadata: ["error": .describing(error)])
                } catch {}
                await wakeUp.wait(upTo: .seconds(1))
            }
        }
    }

    /// Sends what is due now; answers how many pushes it claimed.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let claimed = try await store.claimPushes(dueAt: now(), limit: Self.batch, lease: Self.lease)
        // Out of reach of the stopping process's cancellation: a push handed to APNs is settled in the
        // database too, or it would go again when its lease ran out. One at a time: 30 at once on
        // async-http-client's HTTP/2 connection (with pool retries off) waited out their deadlines.
        let sending = Task {
            for push in claimed { await deliver(push) }
        }
        await sending.value
        return claimed.count
    }

    func deliver(_ push: PendingPush) async {
        do {
            guard let device = push.device else { return try await store.finish(push) }
            guard let sender = senders[device.platform] else {
                Counter(label: "roam_push_failed_total", dimensions: [("platform", device.platform.rawValue)]).increment()
                logger.warning("no push service is set up for this platform", metadata: ["platform": "\(device.platform.rawValue)"])
                return try await store.finish(push)
            }
            let named = await names.names(of: PushTexts.actors(in: push.notification))
            let message = texts.message(for: push.notification, language: device.language, badge: push.unread, names: named)
            let outcome = await sender.send(message, to: device)
            let platform = [("platform", device.platform.rawValue)]
            switch outcome {
            case .delivered:
                Counter(label: "roam_push_sent_total", dimensions: platform).increment()
                try await store.finish(push)
            case .unregistered(let reason):
                Counter(label: "roam_push_unregistered_total", dimensions: platform).increment()
                logger.info("a push service forgot a device", metadata: ["platform": "\(device.platform.rawValue)", "reason": "\(reason)"])
                try await store.forget(token: push.token)
            case .refused(let reason):
                Counter(label: "roam_push_failed_total", dimensions: platform).increment()
                logger.warning("a push was refused", metadata: ["platform": "\(device.platform.rawValue)", "reason": "\(reason)"])
                try await store.finish(push)
            case .retry(let after, let reason):
                guard push.attempts < Self.attempts else {
                    Counter(label: "roam_push_failed_total", dimensions: platform).increment()
                    logger.warning("a push was given up", metadata: ["attempts": "\(push.attempts)", "reason": "\(reason)"])
                    return try await store.finish(push)
                }
                Counter(label: "roam_push_retries_total", dimensions: platform).increment()
                let pause = after ?? pause(after: push.attempts)
                // A timed-out send may have arrived: the retry can show twice (the collapse id folds it on the device).
                logger.info(
                    "a push goes again", metadata: ["platform": "\(device.platform.rawValue)", "reason": "\(reason)", "pause": "\(pause)"])
                try await store.postpone(push, until: now().addingTimeInterval(pause.seconds), reason: reason)
            }
        } catch {
            // The lease runs out and the push is claimed again.
            logger.warning("a push could not be settled", metadata: ["error": .describing(error)])
        }
    }

    /// 1 s after the first try, doubling, at most `longestPause`.
    func pause(after attempts: Int) -> Duration {
        min(.seconds(1 << min(max(attempts - 1, 0), 20)), longestPause)
    }
}
