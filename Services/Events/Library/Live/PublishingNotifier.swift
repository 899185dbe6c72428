import Foundation
import Logging
import RoamCore
import RoamRuntime

/// Hands every notification to the live streams (`live`) and queues those a closed app should hear of
/// for the notifications service. The queue is written right after the change commits, not in its
/// transaction: a process killed between the two loses that push (the change itself, readable
/// through the API, is not lost).
public struct PublishingNotifier: Notifier {
    let live: any Notifier
    let queue: any PublicationQueue
    let wakeUp: WakeUp
    let logger: Logger

    public init(live: any Notifier, queue: any PublicationQueue, wakeUp: WakeUp, logger: Logger) {
        self.live = live
        self.queue = queue
        self.wakeUp = wakeUp
        self.logger = logger
    }

    public func publish(_ notification: EventNotification, to userID: UUID) async {
        await queue(notification.publication(for: userID).map { [$0] } ?? [])
        await live.publish(notification, to: userID)
    }

    public func publish(_ notification: EventNotification, to users: [UUID]) async {
        await queue(users.compactMap { notification.publication(for: $0) })
        await live.publish(notification, to: users)
    }

    private func queue(_ publications: [Publication]) async {
        guard !publications.isEmpty else { return }
        do {
            try await queue.enqueue(publications, at: Date())
            wakeUp.signal()
        } catch {
            logger.warning("could not queue a notification for the inbox", metadata: ["error": .describing(error)])
        }
    }
}
