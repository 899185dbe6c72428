import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Computes again, in the background, the trending ranks of activities voted on since the last time, so
/// a vote stays a write to its own counter shard and "trending near me" is one read. Replicas share
/// the work.
public struct ActivityRanker: Service {
    let activities: any ActivityRepository
    let interval: Duration
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "ranking activities failed") {
            // In batches, each one statement within the database's time limit.
            while try await activities.rankVoted(limit: Self.batch) == Self.batch {}
        }
    }

    static let batch = 5_000
}
