import Logging
import RoamRuntime
import RoamTesting
import ServiceLifecycle
import Synchronization
import Testing

@Suite struct StartupServiceTests {
    /// A service whose start-up cannot finish (accounts or the database away) still stops when asked.
    @Test func aShutdownStopsStartUpWorkThatKeepsFailing() async throws {
        struct Unreachable: Error {}
        let attempts = Atomic(0)
        let readiness = Mutex<[Bool]>([])
        var logger = Logger(label: "startup-test")
        logger.logLevel = .critical
        let startup = StartupService(
            logger: logger,
            work: {
                attempts.add(1, ordering: .relaxed); throw Unreachable()
            },
            readinessChanged: { ready in readiness.withLock { $0.append(ready) } })
        let group = ServiceGroup(services: [startup], logger: logger)
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            #expect(await eventually { attempts.load(ordering: .relaxed) >= 2 })
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(ContinuousClock.now - started < .seconds(10), "the group ended on the shutdown, not after retries")
        #expect(readiness.withLock { $0 }.isEmpty, "never ready: the work never finished")
    }

    @Test func workThatSucceedsMakesTheServiceReadyUntilShutdown() async throws {
        let readiness = Mutex<[Bool]>([])
        var logger = Logger(label: "startup-test")
        logger.logLevel = .critical
        let failures = Atomic(1)
        let startup = StartupService(
            logger: logger,
            work: {
                struct NotYet: Error {}
                if failures.subtract(1, ordering: .relaxed).oldValue > 0 { throw NotYet() }
            },
            readinessChanged: { ready in readiness.withLock { $0.append(ready) } })
        let group = ServiceGroup(services: [startup], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            #expect(await eventually { readiness.withLock { $0 } == [true] })
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(readiness.withLock { $0 } == [true, false])
    }
}
