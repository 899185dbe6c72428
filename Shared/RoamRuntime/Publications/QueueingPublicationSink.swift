import Foundation
import Logging

/// A `PublicationSink` that queues what it is handed for `PublicationDelivery`, waking it. It writes
/// after the change it tells of has committed, in a transaction of its own: a process killed between
/// the two loses the notification (never the change).
public struct QueueingPublicationSink: PublicationSink {
    let queue: any PublicationQueue
    let wakeUp: WakeUp
    let logger: Logger

    public init(queue: any PublicationQueue, wakeUp: WakeUp, logger: Logger) {
        self.queue = queue
        self.wakeUp = wakeUp
        self.logger = logger
    }

    public func publish(_ publications: [Publication]) async {
        guard !publications.isEmpty else { return }
        do {
            try await queue.enqueue(publications, at: Date())
            wakeUp.signal()
        } catch {
            logger.warning(
                "could not queue a notification for the inbox", metadata: ["error": .describing(error), "kind": "\(publications[0].kind)"])
        }
    }

    public func forget(user: UUID) async throws {
        try await queue.forget(user: user)
    }
}
