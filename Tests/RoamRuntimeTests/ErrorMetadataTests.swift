import Logging
import PostgresNIO
import RoamRuntime
import RoamTesting
import Testing

@Suite struct ErrorMetadataTests {
    @Test func databaseErrorsAreLoggedWithTheirSQLStateAndMessage() async throws {
        let secret = "a value the logs must not show"
        try await TestDatabase.withClient { client in
            do {
                _ = try await client.query("SELECT 1 / 0 WHERE \(secret) <> ''").collect()
                Issue.record("the query should have failed")
            } catch {
                let logged = "\(Logger.MetadataValue.describing(error))"
                #expect(logged.contains("SQLSTATE 22012"), "\(logged)")
                #expect(logged.contains("division by zero"), "\(logged)")
                #expect(!logged.contains("Generic description"), "\(logged)")
                #expect(!logged.contains(secret), "\(logged)")
            }
        }
    }
}
