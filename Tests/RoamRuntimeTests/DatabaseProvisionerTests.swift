import Foundation
import Logging
import PostgresNIO
import RoamTesting
import Testing

@testable import RoamRuntime

/// Each service logs in as its own role that owns its schema and nothing else.
@Suite struct DatabaseProvisionerTests {
    static func withClient<R: Sendable>(_ url: String, _ body: @Sendable (PostgresClient) async throws -> R) async throws -> R {
        try await Database.withClient(url: url, maxConnections: 2, body)
    }

    @Test func aServiceRoleCanMigrateItsSchemaButNotTouchAnothers() async throws {
        let adminURL = try await TestDatabase.freshDatabase()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let trips = DatabaseProvisioner.Grant(schema: "trips", role: "roam_trips_\(suffix)", password: "trips-secret'quote")
        let budget = DatabaseProvisioner.Grant(schema: "budget", role: "roam_budget_\(suffix)", password: "budget-secret")
        let provisioner = DatabaseProvisioner(grants: [trips, budget])
        try await Self.withClient(adminURL) { admin in
            // Twice: a second run (another `roam up`) changes nothing and does not fail.
            try await provisioner.provision(admin, logger: Logger(label: "test"))
            try await provisioner.provision(admin, logger: Logger(label: "test"))
            // The server holds the password's SCRAM verifier, which the statement carried instead of it.
            let stored = try await admin.query("SELECT rolpassword FROM pg_authid WHERE rolname = \(trips.role)").collect().first?.decode(String.self)
            let parts = try #require(stored?.split(separator: "$").map(String.init))
            let salt = try #require(parts.count == 3 ? Data(base64Encoded: String(parts[1].dropFirst("4096:".count))) : nil, "\(stored ?? "")")
            #expect(stored == ScramVerifier(password: trips.password, salt: Array(salt)).text)
        }
        #expect(!DatabaseProvisioner.passwordStatement(role: trips.role, password: trips.password).contains("trips-secret"))

        let budgetMigrator = Migrator(
            schema: "budget",
            migrations: [
                Migration(1, "CreateExpenses", ["CREATE TABLE budget.expenses (id integer PRIMARY KEY)"])
            ])
        try await Self.withClient(budget.connectionURL(adminURL: adminURL)!) { client in
            #expect(try await budgetMigrator.migrate(client, logger: Logger(label: "test")) == [1])
            try await client.query("INSERT INTO budget.expenses VALUES (1)")
        }

        try await Self.withClient(trips.connectionURL(adminURL: adminURL)!) { client in
            let readOther = await #expect(throws: PSQLError.self) { try await client.query("SELECT * FROM budget.expenses").collect() }
            #expect(readOther?.serverInfo?[.sqlState] == "42501")
            let createInPublic = await #expect(throws: PSQLError.self) { try await client.query("CREATE TABLE public.sneaky (id integer)") }
            #expect(createInPublic?.serverInfo?[.sqlState] == "42501")
            let createSchema = await #expect(throws: PSQLError.self) { try await client.query("CREATE SCHEMA sneaky") }
            #expect(createSchema?.serverInfo?[.sqlState] == "42501")
            try await client.query("CREATE TABLE trips.days (id integer)")
        }
    }
}
