import Foundation
import PostgresNIO
import RoamTesting
import Testing

@testable import RoamRuntime

@Suite struct MigratorTests {
    @Test func replicasStartingAtOnceApplyEachMigrationExactlyOnce() async throws {
        let schema = "migrator_test_\(UInt32.random(in: 0...UInt32.max))"
        let migrator = Migrator(
            schema: schema,
            migrations: [
                Migration(1, "CreateThings", ["CREATE TABLE \(schema).things (id integer PRIMARY KEY)"]),
                Migration(2, "SeedThings", ["INSERT INTO \(schema).things VALUES (1)"]),
            ])
        try await TestDatabase.withClient { client in
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 { group.addTask { try await migrator.migrate(client, logger: .init(label: "test")) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(applied.sorted() == [1, 2])
            let rows = try await client.query("SELECT count(*) FROM \(unescaped: schema).things").collect()
            #expect(try rows[0].decode(Int.self) == 1)
            #expect(try await migrator.migrate(client, logger: .init(label: "test")).isEmpty)
        }
    }

    @Test func aFailingMigrationLeavesNothingBehind() async throws {
        let schema = "migrator_fail_\(UInt32.random(in: 0...UInt32.max))"
        let migrator = Migrator(
            schema: schema,
            migrations: [
                Migration(1, "CreateThings", ["CREATE TABLE \(schema).things (id integer PRIMARY KEY)"]),
                Migration(2, "Broken", ["INSERT INTO \(schema).nowhere VALUES (1)"]),
            ])
        try await TestDatabase.withClient { client in
            await #expect(throws: PSQLError.self) { try await migrator.migrate(client, logger: .init(label: "test")) }
            let rows = try await client.query("SELECT count(*) FROM information_schema.schemata WHERE schema_name = \(schema)").collect()
            #expect(try rows[0].decode(Int.self) == 0)
        }
    }

    @Test func postGISIsEnabledForServicesThatNeedIt() async throws {
        let migrator = Migrator(schema: "postgis_check", migrations: [], requiresPostGIS: true)
        try await TestDatabase.withClient { client in
            try await migrator.migrate(client, logger: .init(label: "test"))
            let rows = try await client.query("SELECT ST_Distance('POINT(0 0)'::geography, 'POINT(0 1)'::geography)").collect()
            let metres = try rows[0].decode(Double.self)
            #expect(abs(metres - 110_574) < 10)
        }
    }
}
