import Foundation
import PostgresNIO
import RoamTesting
import Synchronization
import Testing

@testable import RoamRuntime

@Suite struct PurgedUsersTests {
    /// A schema with one table of users' things, refusing purged users.
    static func withSchema(_ body: @escaping @Sendable (Database, PurgedUsers, String) async throws -> Void) async throws {
        let schema = "purged_users_test_\(UInt32.random(in: 0...UInt32.max))"
        let migrator = Migrator(
            schema: schema,
            migrations: [
                Migration(1, "CreateThings", ["CREATE TABLE \(schema).things (id serial PRIMARY KEY, owner_id uuid NOT NULL)"]),
                Migration(2, "RefusePurgedUsers", PurgedUsers.creationStatements(schema: schema, owners: [("things", "owner_id")])),
            ])
        try await TestDatabase.withClient { client in
            try await migrator.migrate(client, logger: .init(label: "test"))
            let database = Database(client: client)
            try await body(database, PurgedUsers(database: database, schema: schema), schema)
        }
    }

    @Test func aPurgedUsersNewRowIsRefusedAsADeletedAccountAndOthersAreNot() async throws {
        try await Self.withSchema { database, purged, schema in
            let (gone, stays) = (UUID(), UUID())
            try await database.query("INSERT INTO \(unescaped: schema).things (owner_id) VALUES (\(gone))")
            try await purged.mark(gone)
            try await purged.mark(gone)
            let error = await #expect(throws: RoamError.self) {
                try await database.query("INSERT INTO \(unescaped: schema).things (owner_id) VALUES (\(gone))")
            }
            #expect(error?.reason == "ACCOUNT_DELETED" && error?.kind == .unauthenticated)
            try await database.query("INSERT INTO \(unescaped: schema).things (owner_id) VALUES (\(stays))")
            let rows = try await database.query("SELECT count(*) FROM \(unescaped: schema).things WHERE owner_id = \(stays)")
            #expect(try rows[0].decode(Int.self) == 1)
        }
    }

    @Test func markingWaitsForAWriteInFlightSoThePurgeThatFollowsSeesIt() async throws {
        try await Self.withSchema { database, purged, schema in
            let user = UUID()
            let committed = Mutex<ContinuousClock.Instant?>(nil)
            let inserted = AsyncStream<Void>.makeStream()
            let writer = Task {
                try await database.transaction { connection in
                    try await connection.query("INSERT INTO \(unescaped: schema).things (owner_id) VALUES (\(user))", logger: .init(label: "test"))
                    inserted.continuation.yield()
                    try await Task.sleep(for: .milliseconds(600))
                    // Noted before the commit, so a loaded machine running this task late cannot move it past the mark.
                    committed.withLock { $0 = .now }
                }
            }
            for await _ in inserted.stream { break }
            try await purged.mark(user)
            let marked = ContinuousClock.now
            try await writer.value
            let commit = try #require(committed.withLock { $0 })
            // The mark waited for the writer's commit (noted just before it): the purge that deletes next sees the row.
            #expect(marked >= commit, "marked \(marked), writer about to commit \(commit)")
            let rows = try await database.query("SELECT count(*) FROM \(unescaped: schema).things WHERE owner_id = \(user)")
            #expect(try rows[0].decode(Int.self) == 1)
        }
    }
}
