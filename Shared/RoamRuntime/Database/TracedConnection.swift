import Logging
import PostgresNIO

/// The connection a `Database.transaction` lends its body: PostgreSQL's own, with a span for each
/// statement when traces are on (postgres-nio records none).
public struct TracedConnection: Sendable {
    public let underlying: PostgresConnection

    public init(_ underlying: PostgresConnection) {
        self.underlying = underlying
    }

    @discardableResult
    public func query(
        _ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line
    ) async throws -> PostgresRowSequence {
        try await Traces.statement(query.sql) {
            try await underlying.query(query, logger: logger, file: file, line: line)
        }
    }
}
