import Logging
import PostgresNIO

/// The one long-lived PostgreSQL client of a process, with a time limit on every operation so a
/// database outage fails requests quickly instead of queueing them forever.
public struct Database: Sendable {
    public let client: PostgresClient
    public let operationTimeout: Duration

    public init(client: PostgresClient, operationTimeout: Duration = .seconds(5)) {
        self.client = client
        self.operationTimeout = operationTimeout
    }

    /// Runs one statement and collects its rows.
    @discardableResult
    public func query(_ query: PostgresQuery, logger: Logger = RequestContext.current.logger) async throws -> [PostgresRow] {
        try await withTimeout {
            try await client.query(query, logger: logger).collect()
        }
    }

    /// Runs `body` in a transaction, retrying it when PostgreSQL reports a serialization failure or
    /// deadlock, so concurrent writers get exact results without the client seeing a conflict.
    public func transaction<Result: Sendable>(
        logger: Logger = RequestContext.current.logger,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await withTimeout {
                    try await Self.transaction(client, logger: logger, body)
                }
            } catch let error as PSQLError where attempt < 4 && Self.isRetryable(error) {
                try await Task.sleep(for: .milliseconds(5 * attempt))
            }
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

    static func isRetryable(_ error: PSQLError) -> Bool {
        let state = error.serverInfo?[.sqlState]
        return state == "40001" || state == "40P01"
    }

    private func withTimeout<Result: Sendable>(_ body: @Sendable @escaping () async throws -> Result) async throws -> Result {
        let limit = min(operationTimeout, RequestContext.current.deadline.map { $0 - .now } ?? operationTimeout)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw RoamError(.unavailable, reason: "UNAVAILABLE", message: "the database did not answer in time")
            }
            return result
        }
    }
}
