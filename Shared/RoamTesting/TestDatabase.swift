import Foundation
import Logging
import PostgresNIO
import RoamLocal
import RoamRuntime

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL for tests. Uses `DATABASE_URL` when it is set; otherwise starts a private
/// cluster (initdb + pg_ctl) under a temporary folder on a free port, once per test process, and a
/// watchdog that stops it and removes the folder when the process exits.
public enum TestDatabase {
    private static let started = StartOnce()

    /// The connection URL of the test database, starting the server on first use.
    public static func url() async throws -> String {
        if let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty { return url }
        return try await started.url()
    }

    /// Runs `body` with a running client connected to the test database.
    public static func withClient<Result: Sendable>(_ body: @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        do {
            // The stores under test allow each operation 30 s (a loaded machine runs every suite at once):
            // so does the server.
            return try await Database.withClient(
                url: try await url(), maxConnections: 8, statementTimeout: .seconds(30),
                logger: Logger(label: "test-postgres"), body)
        } catch let error as PSQLError {
            // postgres-nio hides the server's message unless asked; a failing test should show it.
            throw TestDatabaseError(message: String(reflecting: error))
        }
    }

    /// The URL of a new, empty database on the test server (or on the server at `serverURL`), for
    /// tests that need a database to themselves (per-service roles, whole processes).
    public static func freshDatabase(on serverURL: String? = nil) async throws -> String {
        let server: String
        if let serverURL { server = serverURL } else { server = try await url() }
        let name = "t_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
        try await Database.withClient(url: server, maxConnections: 1, logger: Logger(label: "test-postgres")) { client in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Logger(label: "test-postgres"))
        }
        guard var components = URLComponents(string: server) else { throw TestDatabaseError(message: "bad DATABASE_URL") }
        components.path = "/\(name)"
        return components.string!
    }

    private actor StartOnce {
        private var task: Task<String, any Error>?

        func url() async throws -> String {
            if let task { return try await task.value }
            let task = Task { try await PrivateCluster.start().url }
            self.task = task
            return try await task.value
        }
    }
}
