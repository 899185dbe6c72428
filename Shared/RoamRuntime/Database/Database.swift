import Logging
import PostgresNIO
// ConnectionPoolError: what the pool throws while its circuit breaker is open.
import _ConnectionPoolModule

/// The PostgreSQL of a process, with a time limit on every operation. A service's database is
/// watched by a `DatabaseSupervisor`: while the server is away, operations fail at once with
/// `DATABASE_UNAVAILABLE` rather than waiting out their deadline.
public struct Database: Sendable {
    private let fixedClient: PostgresClient?
    public let supervisor: DatabaseSupervisor?
    public let operationTimeout: Duration

    /// A database on a client the caller runs (tests and tools).
    public init(client: PostgresClient, operationTimeout: Duration = .seconds(5)) {
        fixedClient = client
        supervisor = nil
        self.operationTimeout = operationTimeout
    }

    /// A service's database, on whichever pool its supervisor hands out.
    public init(supervisor: DatabaseSupervisor, operationTimeout: Duration = .seconds(5)) {
        fixedClient = nil
        self.supervisor = supervisor
        self.operationTimeout = operationTimeout
    }

    /// The pool to use now.
    public var client: PostgresClient { fixedClient ?? supervisor!.client }

    /// Runs one statement and collects its rows.
    @discardableResult
    public func query(_ query: PostgresQuery, logger: Logger = CallContext.current.logger) async throws -> [PostgresRow] {
        try await guarded {
            try await withTimeout {
                try await Traces.statement(query.sql) { try await leased { try await $0.query(query, logger: logger).collect() } }
            }
        }
    }

    /// Runs a prepared statement: each pooled connection parses and plans it once, then only binds
    /// and executes it. For the hottest reads, where parsing and planning cost PostgreSQL more than
    /// running the statement.
    @discardableResult
    public func execute<Statement: PostgresPreparedStatement>(
        _ statement: Statement, logger: Logger = CallContext.current.logger
    )
        async throws -> [PostgresRow] where Statement.Row == PostgresRow
    {
        try await guarded {
            try await withTimeout {
                try await Traces.statement(Statement.sql) {
                    try await leased { try await $0.execute(statement, logger: logger).reduce(into: []) { $0.append($1) } }
                }
            }
        }
    }

    /// Lends one connection for as long as `body` runs (listeners), once the database is reachable.
    public func withConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await supervisor?.waitUntilReachable()
        do {
            return try await client.withConnection(body)
        } catch  where Self.isOutage(error) {
            supervisor?.suspect()
            throw error
        }
    }

    /// Runs `body` in a transaction, retrying it when PostgreSQL reports a serialization failure or
    /// deadlock, so concurrent writers get exact results without the client seeing a conflict.
    public func transaction<Result: Sendable>(
        logger: Logger = CallContext.current.logger,
        _ body: @escaping @Sendable (TracedConnection) async throws -> Result
    ) async throws -> Result {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await guarded {
                    try await withTimeout {
                        try await leased { connection in
                            try await Self.transaction(connection, logger: logger) { try await body(TracedConnection($0)) }
                        }
                    }
                }
            } catch let error as PSQLError where attempt < 4 && Self.isRetryable(error) {
                try await Task.sleep(for: .milliseconds(5 * attempt))
            }
        }
    }

    /// A connection from the pool for as long as `body` runs, counting the wait and the connections in
    /// use (`ConnectionPoolUse`).
    private func leased<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let asked = ContinuousClock.now
        return try await client.withConnection { connection in
            ConnectionPoolUse.leased(after: .now - asked)
            defer { ConnectionPoolUse.released() }
            return try await body(connection)
        }
    }

    /// `PostgresConnection.withTransaction`, but throwing the closure's own error rather than the
    /// wrapper postgres-nio puts around it.
    static func transaction<Result: Sendable>(
        _ connection: PostgresConnection, logger: Logger, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// `PostgresClient.withTransaction`, but throwing the closure's own error (a domain error, a
    /// unique violation) rather than the wrapper postgres-nio puts around it.
    public static func transaction<Result: Sendable>(
        _ client: PostgresClient, logger: Logger, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// Fails at once while the supervisor knows the server is away, and turns a lost connection into
    /// `DATABASE_UNAVAILABLE` (asking the supervisor to look now).
    private func guarded<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        if let supervisor, !supervisor.isReachable { throw RoamError.databaseUnavailable }
        do {
            return try await body()
        } catch  where Self.isOutage(error) {
            supervisor?.suspect()
            throw (error as? RoamError) ?? RoamError.databaseUnavailable
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PurgedUsers.refusalState {
            throw RevokedSessions.accountDeleted
        }
    }

    /// Whether `error` says the database could not be reached (rather than refusing a statement).
    public static func isOutage(_ error: any Error) -> Bool {
        if error is ConnectionPoolError { return true }
        if let error = error as? RoamError { return error.reason == RoamError.databaseUnavailable.reason }
        guard let error = error as? PSQLError else { return false }
        if let state = error.serverInfo?[.sqlState] {
            // Class 08 is "connection exception"; 57P01–57P03 are the server shutting down or starting.
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown].contains(error.code)
    }

    static func isRetryable(_ error: PSQLError) -> Bool {
        let state = error.serverInfo?[.sqlState]
        return state == "40001" || state == "40P01"
    }

    private func withTimeout<Result: Sendable>(_ body: @Sendable @escaping () async throws -> Result) async throws -> Result {
        // A little before the caller's deadline, so the caller hears this service's reason rather than
        // its own timeout.
        let limit = min(operationTimeout, CallContext.current.deadline.map { $0 - .now - .milliseconds(250) } ?? operationTimeout)
        do {
            return try await Timeout.race(limit, Self.noAnswer, body)
        } catch let error as RoamError where error == Self.noAnswer {
            supervisor?.suspect()
            throw error
        }
    }

    private static let noAnswer = RoamError(
        .unavailable, reason: RoamError.databaseUnavailable.reason,
        message: "the database did not answer in time")
}
