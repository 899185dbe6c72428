import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Keeps a process's PostgreSQL pool usable through outages, and says whether the database can be
/// reached (readiness follows it).
///
/// It holds one connection of its own and asks it `SELECT 1` four times a second, or at once when a request
/// meets a connection error. A refused or dropped connection means the server is away; checks that
/// merely go unanswered (an overloaded machine, a network that drops packets) mean so only after three
/// in a row. While the server is away, requests are refused at once (`DATABASE_UNAVAILABLE`) instead
/// of queueing in the pool until their deadline, and the connection is tried again every 250 ms. Each change hands requests a fresh pool: the pool that saw the outage
/// backs off longer after every failed attempt and finally trips a circuit breaker, which kept it
/// closed for up to a minute after the server had returned.
public final class DatabaseSupervisor: Service, Sendable {
    public struct Timing: Sendable {
        /// How often a reachable database is asked whether it still answers: a request that meets the
        /// outage first waits in the pool for a connection until the supervisor notices.
        public var checkInterval: Duration = .milliseconds(250)
        /// How often an unreachable one is tried again.
        public var probeInterval: Duration = .milliseconds(250)
        /// How long one check or connection attempt may take.
        public var probeTimeout: Duration = .seconds(1)
        /// Unanswered checks in a row before a database that still accepts connections is called away.
        public var slowChecksBeforeUnreachable = 3
        /// How long a replaced pool keeps running for requests already on it.
        public var retireAfter: Duration = .seconds(5)

        public init() {}
    }

    private struct State {
        var client: PostgresClient
        var reachable = false
        var suspected = false
        var reason = "not checked yet"
        var pools: AsyncStream<PoolLease>.Continuation?
    }

    /// A pool to run until it is retired.
    private struct PoolLease: Sendable {
        let client: PostgresClient
        let retired: AsyncStream<Duration>
    }

    private let configuration: PostgresClient.Configuration
    private let probeConfiguration: PostgresConnection.Configuration
    private let timing: Timing
    private let logger: Logger
    private let state: Mutex<State>
    private let retirements: Mutex<[ObjectIdentifier: AsyncStream<Duration>.Continuation]> = Mutex([:])
    private let observers: Mutex<[@Sendable (_ reachable: Bool, _ reason: String) -> Void]> = Mutex([])

    public init(settings: DatabaseSettings, timing: Timing = Timing(), logger: Logger) {
        configuration = settings.configuration
        probeConfiguration = settings.probeConfiguration
        self.timing = timing
        self.logger = logger
        state = Mutex(State(client: PostgresClient(configuration: settings.configuration, backgroundLogger: logger)))
        ConnectionPoolUse.limit(settings.configuration.options.maximumConnections)
    }

    /// The pool requests should use now.
    public var client: PostgresClient { state.withLock { $0.client } }

    public var isReachable: Bool { state.withLock { $0.reachable } }

    /// Why the database is not reachable (nil while it is).
    public var unreachableReason: String? { state.withLock { $0.reachable ? nil : $0.reason } }

    /// Tells `observer` the reachability now, and again each time it changes.
    public func observe(_ observer: @escaping @Sendable (_ reachable: Bool, _ reason: String) -> Void) {
        observers.withLock { $0.append(observer) }
        let (reachable, reason) = state.withLock { ($0.reachable, $0.reason) }
        observer(reachable, reason)
    }

    /// A request met a connection error: check now rather than at the next interval.
    public func suspect() {
        state.withLock { $0.suspected = true }
    }

    /// Returns once the database is reachable (for listeners that hold a connection of their own).
    public func waitUntilReachable() async throws {
        while !isReachable { try await Task.sleep(for: .milliseconds(100)) }
    }

    public func run() async throws {
        let (pools, continuation) = AsyncStream.makeStream(of: PoolLease.self)
        let first = state.withLock { state in
            state.pools = continuation
            return state.client
        }
        continuation.yield(lease(for: first))
        await withDiscardingTaskGroup { group in
            group.addTask { await self.watch() }
            // The pools stop last: the group shuts its services down in reverse order, so the
            // server has answered its last request by the time this is told to stop.
            group.addTask {
                try? await gracefulShutdown()
                continuation.finish()
            }
            for await pool in pools {
                group.addTask { await Self.run(pool) }
            }
            group.cancelAll()
        }
    }

    /// Runs a pool until it is retired (after the delay the retirement names) or the task is cancelled.
    private static func run(_ pool: PoolLease) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await pool.client.run() }
            for await delay in pool.retired {
                try? await Task.sleep(for: delay)
                break
            }
            group.cancelAll()
        }
    }

    private func lease(for client: PostgresClient) -> PoolLease {
        let (retired, continuation) = AsyncStream.makeStream(of: Duration.self)
        retirements.withLock { $0[ObjectIdentifier(client)] = continuation }
        return PoolLease(client: client, retired: retired)
    }

    /// Starts a fresh pool for new requests and retires the current one after `delay`.
    private func replacePool(retiringAfter delay: Duration) {
        let fresh = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let lease = lease(for: fresh)
        let (old, pools) = state.withLock { state in
            defer { state.client = fresh }
            return (state.client, state.pools)
        }
        pools?.yield(lease)
        let retirement = retirements.withLock { $0.removeValue(forKey: ObjectIdentifier(old)) }
        retirement?.yield(delay)
        retirement?.finish()
    }

    private func watch() async {
        var connection: PostgresConnection?
        var attempt = 0
        // Checks in a row that got no answer in time. A server that refuses or drops connections is
        // away at once; one that is merely slow (an overloaded machine) is called away only after
        // `slowChecksBeforeUnreachable` of these, so a busy database is not mistaken for a missing one.
        var slowChecks = 0
        while !Task.isCancelled {
            var failure: (reason: String, slow: Bool)?
            if let held = connection {
                do {
                    try await Timeout.race(timing.probeTimeout, Self.noAnswer) { try await held.query("SELECT 1", logger: self.logger).collect() }
                } catch {
                    connection = nil
                    // Not awaited: closing a connection the server dropped can wait as long as its query did.
                    Task { try? await held.close() }
                }
            }
            if connection == nil {
                attempt += 1
                let id = attempt
                do {
                    // A connection that opens after the limit is closed, not dropped (PostgresNIO traps on that).
                    connection = try await Timeout.race(timing.probeTimeout, Self.noAnswer, late: { try? await $0.close() }) {
                        try await PostgresConnection.connect(configuration: self.probeConfiguration, id: id, logger: self.logger)
                    }
                } catch {
                    failure = (Self.describe(error), (error as? RoamError) == Self.noAnswer)
                }
            }
            switch failure {
            case nil:
                slowChecks = 0
                update(reachable: true, reason: "")
            case let (reason, slow)? where slow:
                slowChecks += 1
                if slowChecks >= timing.slowChecksBeforeUnreachable || !isReachable { update(reachable: false, reason: reason) }
            case let (reason, _)?:
                slowChecks = 0
                update(reachable: false, reason: reason)
            }
            await pause(isReachable ? timing.checkInterval : timing.probeInterval)
        }
        try? await connection?.close()
    }

    private func update(reachable: Bool, reason: String) {
        let changed = state.withLock { state in
            state.suspected = false
            state.reason = reason
            defer { state.reachable = reachable }
            return state.reachable != reachable
        }
        guard changed else { return }
        if reachable {
            logger.info("the database is reachable")
            // The pool made while it was away may have backed off; requests get one that has not.
            replacePool(retiringAfter: timing.retireAfter)
        } else {
            logger.warning("the database is unreachable; refusing requests until it answers", metadata: ["reason": "\(reason)"])
            // Requests queued on the current pool fail now instead of at their deadlines.
            replacePool(retiringAfter: .zero)
        }
        for observer in observers.withLock({ $0 }) { observer(reachable, reason) }
    }

    /// Sleeps for `interval`, or less when a request reports a connection error meanwhile.
    private func pause(_ interval: Duration) async {
        let step = Duration.milliseconds(50)
        var slept = Duration.zero
        while slept < interval, !state.withLock({ $0.suspected }) {
            guard (try? await Task.sleep(for: step)) != nil else { return }
            slept += step
        }
    }

    private static let noAnswer = RoamError(.unavailable, reason: "DATABASE_UNAVAILABLE", message: "no answer within the check's time limit")

    /// A short reason for `/readyz` and the log.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? RoamError { return error.message }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        guard let underlying = error.underlying.map({ "\($0)" }) else { return "\(error.code)" }
        return underlying.contains("Connection refused") ? "connection refused" : underlying
    }
}
