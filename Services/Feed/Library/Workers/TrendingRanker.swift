import Logging
import RoamRuntime
import ServiceLifecycle

/// Recomputes stories' hot ranks in the background, so trending costs one indexed read per query.
/// With several replicas, one ranks at a time and the others skip their turn.
public struct TrendingRanker: Service {
    let feed: FeedService
    let interval: Duration
    let logger: Logger

    public func run() async throws {
        // Waits first: new stories start with a rank of their own.
        await BackgroundLoop.every(interval, waitFirst: true, logger: logger, failure: "ranking stories failed") { try await rank() }
    }

    func rank() async throws {
        let ranked = try await feed.refreshTrending()
        logger.debug("ranked stories", metadata: ["stories": "\(ranked)"])
    }
}
