import Logging
import PostgresNIO

extension Database {
    /// Runs `body` with a short-lived client for `url` (tools, tests and provisioning; services keep
    /// one long-lived client in their service group instead).
    public static func withClient<Result: Sendable>(
        url: String, maxConnections: Int = 4, statementTimeout: Duration = .seconds(5), logger: Logger = Logger(label: "roam-postgres"),
        _ body: @Sendable (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let settings = try DatabaseSettings(
            environment: Environment([
                "DATABASE_URL": url, "DATABASE_MAX_CONNECTIONS": String(maxConnections),
                "DATABASE_TIMEOUT": "\(statementTimeout.components.seconds)s",
            ]))
        let client = PostgresClient(configuration: settings.configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}
