import Logging
import RoamRuntime
import ServiceLifecycle

/// Recomputes stories' hot ranks in the background, so trending costs one indexed read per query.
/// With several replicas, one ranks at a time and the others skip their turn.
public struct TrendingRanker: Service {
    let feed: FeedService
    let interval: Duration
    let logger: Logger

    public init(feed: FeedService, interval: Duration, logger: Logger) {
        self.feed = feed
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            // Sleeps first: new stories start with a rank of their own, and the schema may still be
            // migrating while the process starts.
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { break }
                await rank()
            }
        }
    }

    func rank() async {
        do {
            let ranked = try await feed.refreshTrending()
            logger.debug("ranked stories", metadata: ["stories": "\(ranked)"])
        } catch {
            logger.warning("ranking stories failed", metadata: ["error": .describing(error)])
        }
    }
}
