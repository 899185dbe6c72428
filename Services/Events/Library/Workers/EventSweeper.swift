import Logging
import RoamRuntime
import ServiceLifecycle

/// Ends events whose time is up and removes members who stopped reporting their position.
public struct EventSweeper: Service {
    static let batchSize = 200

    let events: EventService
    let interval: Duration
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "sweep failed") { try await sweep() }
    }

    func sweep() async throws {
        // Batches keep each step short; a backlog (after downtime) is worked off in one sweep.
        var ended = 0, silent = 0, batch = 0
        repeat {
            batch = try await events.endExpiredEvents(limit: Self.batchSize)
            ended += batch
        } while batch == Self.batchSize && !Task.isCancelled
        repeat {
            batch = try await events.removeSilentMembers(limit: Self.batchSize)
            silent += batch
        } while batch == Self.batchSize && !Task.isCancelled
        if ended + silent > 0 {
            logger.info("swept", metadata: ["events_ended": "\(ended)", "silent_members_removed": "\(silent)"])
        }
    }
}
