import Logging
import RoamRuntime
import ServiceLifecycle

/// Removes, now and then, what nothing uses any more once the grace period has passed: items uploaded
/// only for a post, banner or avatar that lost it (or never got one), blobs no item points to, and
/// resumable uploads that expired.
public struct UnusedMediaSweeper: Service {
    let media: MediaService
    let interval: Duration
    let grace: Duration
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(interval, waitFirst: true, logger: logger, failure: "sweeping orphan blobs failed") { try await sweep() }
    }

    func sweep() async throws {
        let items = try await media.sweepUnattached(olderThan: grace)
        let blobs = try await media.sweepOrphanBlobs(olderThan: grace)
        let uploads = try await media.sweepExpiredUploads()
        if items + blobs + uploads > 0 {
            logger.info("removed unused media", metadata: ["items": "\(items)", "blobs": "\(blobs)", "expired uploads": "\(uploads)"])
        }
    }
}
