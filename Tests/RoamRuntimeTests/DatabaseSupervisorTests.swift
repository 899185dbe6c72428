import Foundation
import Logging
import PostgresNIO
import RoamRuntime
import RoamTesting
import ServiceLifecycle
import Synchronization
import Testing
// ConnectionPoolError: what the pool throws while its circuit breaker is open.
import _ConnectionPoolModule

/// A database that goes away and comes back, on a PostgreSQL server of the test's own (one test at a
/// time: each starts a server, which is the costliest thing a test does here).
@Suite(.serialized) struct DatabaseSupervisorTests {
    /// Runs `body` with a supervised database on a fresh private server, and every reachability
    /// change the supervisor announced.
    static func withSupervised(_ body: @Sendable (PrivateCluster, Database, _ changes: @Sendable () -> [Bool]) async throws -> Void) async throws {
        let cluster = try await PrivateCluster.start()
        do {
            var logger = Logger(label: "supervisor-test")
            logger.logLevel = .critical
            let settings = try DatabaseSettings(environment: Environment(["DATABASE_URL": cluster.url]))
            let supervisor = DatabaseSupervisor(settings: settings, logger: logger)
            let changes = Mutex<[Bool]>([])
            supervisor.observe { reachable, _ in changes.withLock { $0.append(reachable) } }
            // A deadline far longer than the test waits: failing fast must not come from it.
            let database = Database(supervisor: supervisor, operationTimeout: .seconds(60))
            let group = ServiceGroup(services: [supervisor], logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                defer { tasks.cancelAll() }
                try await body(cluster, database) { changes.withLock { $0 } }
                await group.triggerGracefulShutdown()
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        try? await cluster.stop()
    }

    static func answers(_ database: Database) async -> Bool {
        (try? await database.query("SELECT 1")) != nil
    }

    @Test func requestsFailAtOnceWhileTheServerIsAwayAndSucceedWhenItIsBack() async throws {
        try await Self.withSupervised { cluster, database, changes in
            #expect(await eventually { await Self.answers(database) })
            #expect(database.supervisor?.isReachable == true)

            try await cluster.stop()
            // The first request after the stop may meet the closed connection; from then on every
            // request is refused by the supervisor itself, long before the 60 s deadline.
            #expect(await eventually { database.supervisor?.isReachable == false })
            var refusal: (any Error)?
            do { try await database.query("SELECT 1") } catch { refusal = error }
            #expect(refusal as? RoamError == RoamError.databaseUnavailable)
            let transaction = await errorReason {
                _ = try await database.transaction { try await $0.query("SELECT 1", logger: Logger(label: "test")).collect() }
            }
            #expect(transaction == "DATABASE_UNAVAILABLE")
            #expect(database.supervisor?.unreachableReason?.isEmpty == false)

            try await cluster.restart()
            let back = ContinuousClock.now
            #expect(await eventually(timeout: .seconds(10)) { await Self.answers(database) })
            print("database back: first answer \(ContinuousClock.now - back) after the server accepted connections")
            #expect(changes() == [false, true, false, true])
        }
    }

    /// A pool that saw an outage backs off longer after each failed attempt; the supervisor hands out
    /// a fresh one, so clients that kept asking are served as soon as the server is back.
    @Test func clientsAskingThroughAnOutageAreAnsweredAtOnceAndServedRightAfter() async throws {
        try await Self.withSupervised { cluster, database, _ in
            #expect(await eventually { await Self.answers(database) })
            try await cluster.stop()
            // Keep asking throughout, as clients would.
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline {
                #expect(await errorReason { try await database.query("SELECT 1") } == "DATABASE_UNAVAILABLE")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await cluster.restart()
            #expect(await eventually(timeout: .seconds(5)) { await Self.answers(database) })
        }
    }

    /// A server that stops answering without closing anything (frozen, as an overloaded host or a
    /// network dropping packets looks) is not called away on one slow check, but is after three.
    @Test func aServerThatStopsAnsweringIsCalledAwayAfterThreeSlowChecks() async throws {
        try await Self.withSupervised { cluster, database, changes in
            #expect(await eventually { await Self.answers(database) })
            try await cluster.freeze(true)
            defer { try? cluster.freeze(false) }
            let frozen = ContinuousClock.now
            #expect(await eventually(timeout: .seconds(15)) { database.supervisor?.isReachable == false })
            // Three unanswered checks (the held connection's, then a new connection's, each given a
            // second) before it is called away, at least 3 s; one would take 2–2.25 s.
            #expect(ContinuousClock.now - frozen > .seconds(3))
            try await cluster.freeze(false)
            #expect(await eventually(timeout: .seconds(10)) { await Self.answers(database) })
            #expect(changes() == [false, true, false, true])
        }
    }

    @Test func poolAndConnectionErrorsAreOutages() {
        #expect(Database.isOutage(ConnectionPoolError.connectionCreationCircuitBreakerTripped))
        #expect(Database.isOutage(RoamError.databaseUnavailable))
        #expect(!Database.isOutage(RoamError.notFound("trip")))
        let mapped = ErrorMapping.rpcError(for: ConnectionPoolError.connectionCreationCircuitBreakerTripped, logger: Logger(label: "test"))
        #expect(mapped.code == .unavailable)
        #expect(RoamError(mapped).reason == "DATABASE_UNAVAILABLE")
    }
}
