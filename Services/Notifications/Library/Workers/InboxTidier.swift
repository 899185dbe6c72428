import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Forgets notifications older than the inbox keeps them, every hour; replicas may share the work.
public struct InboxTidier: Service {
    let inbox: any InboxRepository
    let keep: Duration
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(.seconds(3600), logger: logger, failure: "tidying inboxes failed") {
            let forgotten = try await inbox.tidy(before: Date().addingTimeInterval(-keep.seconds))
            if forgotten > 0 { logger.info("forgot old notifications", metadata: ["count": "\(forgotten)"]) }
        }
    }
}
