import Logging
import RoamRuntime
import ServiceLifecycle

/// Ends events whose time is up and removes members who stopped reporting their position.
public struct EventSweeper: Service {
    let events: EventService
    let interval: Duration
    let logger: Logger

    public init(events: EventService, interval: Duration, logger: Logger) {
        self.events = events
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sweep()
                try? await Task.sleep(for: interval)
            }
        }
    }

    func sweep() async {
        do {
            let ended = try await events.endExpiredEvents()
            let silent = try await events.removeSilentMembers()
            if ended + silent > 0 {
                logger.info("swept", metadata: ["events_ended": "\(ended)", "silent_members_removed": "\(silent)"])
            }
        } catch {
            logger.warning("sweep failed", metadata: ["error": "\(error)"])
        }
    }
}
