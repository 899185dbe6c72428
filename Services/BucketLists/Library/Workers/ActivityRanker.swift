import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Recomputes activities' trending ranks in the background, so "trending near me" is one indexed read.
/// With several replicas, one ranks at a time and the others skip their turn.
public struct ActivityRanker: Service {
    let activities: any ActivityRepository
    let interval: Duration
    let logger: Logger

    public init(activities: any ActivityRepository, interval: Duration, logger: Logger) {
        self.activities = activities
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "ranking activities failed") { try await activities.rank(at: Date()) }
    }
}
