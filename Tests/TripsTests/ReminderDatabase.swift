import Foundation
import Logging
import PostgresNIO
import RoamRuntime
import RoamTesting

@testable import Trips

/// A database of its own for a suite of reminder tests, made and migrated once per test process: a
/// claim takes every reminder due, whoever's, so these tests cannot share the common one. Each test
/// starts from empty trips (the suites using it run their tests one at a time).
actor ReminderDatabase {
    private var url: String?

    func url() async throws -> String {
        if let url { return url }
        let made = try await TestDatabase.freshDatabase()
        try await Database.withClient(url: made, maxConnections: 1, logger: Logger(label: "test")) { client in
            try await TripsMigrations.migrator.migrate(client, logger: Logger(label: "test"))
        }
        url = made
        return made
    }

    /// Runs `body` with a client of this database, its trips (and all in them) deleted first.
    func withEmptyTrips<Result: Sendable>(maxConnections: Int = 8, _ body: @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        try await Database.withClient(url: try await url(), maxConnections: maxConnections, logger: Logger(label: "test")) { client in
            _ = try await client.query("TRUNCATE trips.trips, trips.publication_outbox CASCADE", logger: Logger(label: "test")).collect()
            return try await body(client)
        }
    }
}
