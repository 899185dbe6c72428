import Logging
import RoamRuntime
import ServiceLifecycle

/// Removes, now and then, blobs no item points to once they are older than the grace period, and says
/// how many it removed.
public struct OrphanBlobSweeper: Service {
    let media: MediaService
    let interval: Duration
    let grace: Duration
    let logger: Logger

    public init(media: MediaService, interval: Duration, grace: Duration, logger: Logger) {
        self.media = media
        self.interval = interval
        self.grace = grace
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.every(interval, waitFirst: true, logger: logger, failure: "sweeping orphan blobs failed") { try await sweep() }
    }

    func sweep() async throws {
        let removed = try await media.sweepOrphanBlobs(olderThan: grace)
        if removed > 0 { logger.info("removed orphan blobs", metadata: ["blobs": "\(removed)"]) }
    }
}
