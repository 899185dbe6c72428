import Foundation
import RoamRuntime

/// One schema's migrations: applied, pending (this release has them, the database does not), and
/// unknown (the database has them, this release does not: a newer release ran them).
struct SchemaMigrationState: Codable, Sendable, Equatable {
    struct Pending: Codable, Sendable, Equatable {
        var version: Int
        var name: String
        var change: String
        var lastReadIn: String?
    }

    var schema: String
    var applied: [AppliedMigration]
    var pending: [Pending]
    var unknown: [AppliedMigration]

    init(listing: MigrationListing, applied: [AppliedMigration]) {
        let known = Set(listing.migrations.map(\.version))
        let done = Set(applied.map(\.version))
        schema = listing.schema
        self.applied = applied.filter { known.contains($0.version) }
        pending = listing.migrations.filter { !done.contains($0.version) }.map {
            Pending(version: $0.version, name: $0.name, change: $0.change, lastReadIn: $0.lastReadIn)
        }
        unknown = applied.filter { !known.contains($0.version) }
    }

    /// A line for the schema, then one per pending or unknown migration (and per applied one with `all`).
    func report(all: Bool) -> String {
        var summary = "\(schema): \(applied.count) applied, " + (pending.isEmpty ? "none pending" : "\(pending.count) pending")
        if !unknown.isEmpty { summary += ", \(unknown.count) unknown to this release (a newer release applied them)" }
        var lines = [summary]
        if all {
            for migration in applied {
                lines.append("  \(migration.version) \(migration.name): applied \(migration.appliedAt.formatted(.iso8601))")
            }
        }
        for migration in pending {
            let change = migration.lastReadIn.map { "contract, drops what \($0) still read" } ?? migration.change
            lines.append("  \(migration.version) \(migration.name): pending (\(change))")
        }
        for migration in unknown {
            lines.append("  \(migration.version) \(migration.name): applied \(migration.appliedAt.formatted(.iso8601)), not in this release")
        }
        return lines.joined(separator: "\n")
    }
}
