import Foundation
import Logging
import PostgresNIO
import RoamLocal
import RoamRuntime

/// `roam migrations`: each service's migrations as its executable beside `roam` knows them
/// (`--migrations`), set against what the database has applied (`<schema>.schema_migrations`).
struct MigrationsCommand {
    let binDirectory: String
    let databaseURL: String

    func run(all: Bool, json: Bool) async throws -> String {
        let listings = try StackPlan.services.map { try listing(of: $0) }
        let applied = try await Database.withClient(url: databaseURL, maxConnections: 1, logger: Logger.quiet) { client in
            var applied: [String: [AppliedMigration]] = [:]
            for listing in listings { applied[listing.schema] = try await Self.applied(in: listing.schema, client) }
            return applied
        }
        let states = listings.map { SchemaMigrationState(listing: $0, applied: applied[$0.schema] ?? []) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            return String(decoding: try encoder.encode(states), as: UTF8.self)
        }
        return states.map { $0.report(all: all) }.joined(separator: "\n")
    }

    private func listing(of spec: ServiceSpec) throws -> MigrationListing {
        let path = "\(binDirectory)/\(spec.executable)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw RoamCommandError(
                "\(path) is missing: roam reads each service's migrations from its executable beside it (swift build builds them all)")
        }
        let run = try Spawn.output(path, ["--migrations"], environment: [:])
        guard run.status == 0, let listing = try? JSONDecoder().decode(MigrationListing.self, from: Data(run.text.utf8)) else {
            throw RoamCommandError("\(spec.executable) --migrations failed (status \(run.status)): \(run.text.prefix(300))")
        }
        return listing
    }

    private static func applied(in schema: String, _ client: PostgresClient) async throws -> [AppliedMigration] {
        let logger = Logger.quiet
        // A schema its service has never started against has no table yet: everything is pending.
        let table = try await client.query("SELECT to_regclass(\(schema + ".schema_migrations"))::text", logger: logger).collect()
        guard (try table.first?.decode(String?.self)) != nil else { return [] }
        let rows = try await client.query(
            PostgresQuery(unsafeSQL: "SELECT version, name, applied_at FROM \(schema).schema_migrations ORDER BY version"), logger: logger)
        var applied: [AppliedMigration] = []
        for try await (version, name, at) in rows.decode((Int, String, Date).self) {
            applied.append(AppliedMigration(version: version, name: name, appliedAt: at))
        }
        return applied
    }
}
