import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Finishes walks left ongoing for longer than `WALK_MAX_DURATION` (a phone that died, an app never
/// reopened), at their last recorded point. Replicas may both look: a walk is finished once.
public struct WalkCloser: Service {
    let walks: WalkService
    let interval: Duration
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "closing overdue walks failed") {
            let closed = try await walks.closeOverdue()
            if closed > 0 { logger.info("closed overdue walks", metadata: ["walks": "\(closed)"]) }
        }
    }
}
