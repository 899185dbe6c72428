import Logging
import ServiceLifecycle

/// One-shot start-up work (migrations, key loading) that must finish before the process reports
/// SERVING. It retries while the database is still coming up, then runs the workers that need what
/// it prepared, and stays alive until shutdown, because a service that returns would end the group.
public struct StartupService: Service {
    private let work: @Sendable () async throws -> Void
    private let readinessChanged: @Sendable (Bool) -> Void
    private let workers: [any Service]
    private let logger: Logger

    public init(health: HealthService, logger: Logger, workers: [any Service] = [], work: @escaping @Sendable () async throws -> Void) {
        self.init(logger: logger, workers: workers, work: work) { ready in
            if ready {
                health.unblock("startup")
            } else {
                health.block("shutdown", reason: "SHUTTING_DOWN: the process is stopping")
            }
        }
    }

    /// - Parameters:
    ///   - workers: started once the work is done; they share this service's graceful shutdown.
    ///   - readinessChanged: told `true` once the work is done and `false` at shutdown.
    public init(
        logger: Logger, workers: [any Service] = [], work: @escaping @Sendable () async throws -> Void,
        readinessChanged: @escaping @Sendable (Bool) -> Void
    ) {
        self.work = work
        self.readinessChanged = readinessChanged
        self.workers = workers
        self.logger = logger
    }

    public func run() async throws {
        // Asked to stop while the work still waits for the database or another service, the process
        // stops at once rather than when the orchestrator loses patience and kills it.
        do {
            try await cancelWhenGracefulShutdown { try await self.workUntilDone() }
        } catch is CancellationError {
            return
        }
        readinessChanged(true)
        logger.info("serving")
        // Child tasks inherit the group's graceful shutdown, so each worker stops with this service.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in workers { group.addTask { try await worker.run() } }
            group.addTask { try? await gracefulShutdown() }
            try await group.waitForAll()
        }
        readinessChanged(false)
    }

    /// The work, again and again with a growing pause until it succeeds; cancelled, CancellationError.
    private func workUntilDone() async throws {
        var delay = Duration.milliseconds(200)
        while true {
            do {
                try await work()
                return
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try Task.checkCancellation()
                logger.warning("start-up work failed; retrying", metadata: ["error": .describing(error), "retry_in": "\(delay)"])
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
        }
    }
}
