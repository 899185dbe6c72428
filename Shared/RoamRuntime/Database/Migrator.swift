import Logging
import PostgresNIO

/// Creates a service's schema and applies its migrations at start-up. All Roam processes take the same
/// transaction-scoped advisory lock first, so replicas (and services sharing a database) starting at
/// once apply each migration exactly once and never race on `CREATE EXTENSION`.
public struct Migrator: Sendable {
    /// Arbitrary but fixed: the advisory lock key every Roam migrator takes.
    static let lockKey: Int64 = 0x526F_616D_4D69_67

    public let schema: String
    public let migrations: [Migration]
    public let requiresPostGIS: Bool

    public init(schema: String, migrations: [Migration], requiresPostGIS: Bool = false) {
        precondition(schema.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "schema names are lowercase identifiers")
        precondition(Set(migrations.map(\.version)).count == migrations.count, "migration versions must be unique")
        self.schema = schema
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.requiresPostGIS = requiresPostGIS
    }

    /// Applies what is missing and returns the versions it applied.
    @discardableResult
    public func migrate(_ client: PostgresClient, logger: Logger) async throws -> [Int] {
        try await Database.transaction(client, logger: logger) { connection in
            // Replicas queue here while one migrates; that may take longer than a request may.
            try await connection.query("SET LOCAL statement_timeout = '10min'", logger: logger)
            // Read the (empty) row: an error while waiting arrives with it, not with the query's start.
            _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger).collect()
            // Create the extension and schema only when missing: a service running under its own
            // role (see DatabaseProvisioner) may use both but may not create them.
            if requiresPostGIS, try await !exists("SELECT 1 FROM pg_extension WHERE extname = 'postgis'", connection, logger) {
                try await connection.query("CREATE EXTENSION IF NOT EXISTS postgis", logger: logger)
            }
            if try await !exists("SELECT 1 FROM pg_namespace WHERE nspname = '\(schema)'", connection, logger) {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TABLE IF NOT EXISTS \(schema).schema_migrations (
                            version integer PRIMARY KEY,
                            name text NOT NULL,
                            applied_at timestamptz NOT NULL DEFAULT now())
                        """), logger: logger)
            var applied = Set<Int>()
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT version FROM \(schema).schema_migrations"), logger: logger)
            for try await version in rows.decode(Int.self) { applied.insert(version) }

            var newlyApplied: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO \(schema).schema_migrations (version, name) VALUES ($1, $2)",
                        binds: try Self.binds(migration.version, migration.name)), logger: logger)
                logger.info("applied migration", metadata: ["schema": "\(schema)", "version": "\(migration.version)", "name": "\(migration.name)"])
                newlyApplied.append(migration.version)
            }
            return newlyApplied
        }
    }

    private func exists(_ sql: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        for try await _ in rows.decode(Int.self) { return true }
        return false
    }

    private static func binds(_ version: Int, _ name: String) throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(version)
        bindings.append(name)
        return bindings
    }
}
