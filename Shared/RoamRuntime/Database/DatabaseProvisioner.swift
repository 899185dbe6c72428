import Foundation
import Logging
import PostgresNIO

/// Gives each service its own login role owning its own schema, so a service can neither read nor
/// change another's tables. Run with an administrator's connection (`roam up`, `roam provision` in
/// compose); idempotent, and a second run updates the passwords.
public struct DatabaseProvisioner: Sendable {
    public struct Grant: Sendable {
        public var schema: String
        /// Roles belong to the whole server, not one database: `roam_<schema>` unless told otherwise.
        public var role: String
        public var password: String
        public var requiresPostGIS: Bool

        public init(schema: String, role: String? = nil, password: String, requiresPostGIS: Bool = false) {
            self.schema = schema
            self.role = role ?? "roam_\(schema)"
            self.password = password
            self.requiresPostGIS = requiresPostGIS
        }

        /// The administrator's URL with this role's name and password in place of the administrator's.
        public func connectionURL(adminURL: String) -> String? {
            guard var components = URLComponents(string: adminURL) else { return nil }
            components.user = role
            components.password = password
            return components.string
        }
    }

    public let grants: [Grant]

    public init(grants: [Grant]) {
        for grant in grants {
            for name in [grant.schema, grant.role] {
                precondition(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "schema and role names are lowercase identifiers")
            }
        }
        self.grants = grants
    }

    /// Sets the role's password as its SCRAM-SHA-256 verifier: the password itself is never in a
    /// statement, which the server may log (`log_statement`, an error's text).
    static func passwordStatement(role: String, password: String) -> String {
        "ALTER ROLE \(role) LOGIN PASSWORD \(literal(ScramVerifier(password: password).text))"
    }

    public func provision(_ client: PostgresClient, logger: Logger) async throws {
        try await Database.transaction(client, logger: logger) { connection in
            // Replicas queue here while one migrates; that may take longer than a request may.
            try await connection.query("SET LOCAL statement_timeout = '10min'", logger: logger)
            // Read the (empty) row: an error while waiting arrives with it, not with the query's start.
            _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Migrator.lockKey))", logger: logger).collect()
            try await connection.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC", logger: logger)
            for grant in grants {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: """
                            DO $$ BEGIN
                              CREATE ROLE \(grant.role) LOGIN;
                            EXCEPTION WHEN duplicate_object THEN NULL;
                            END $$
                            """), logger: logger)
                try await connection.query(
                    PostgresQuery(unsafeSQL: Self.passwordStatement(role: grant.role, password: grant.password)), logger: logger)
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(grant.schema) AUTHORIZATION \(grant.role)"), logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: "ALTER SCHEMA \(grant.schema) OWNER TO \(grant.role)"), logger: logger)
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER ROLE \(grant.role) SET search_path = \(grant.schema), public"), logger: logger)
                if grant.requiresPostGIS {
                    try await connection.query("CREATE EXTENSION IF NOT EXISTS postgis", logger: logger)
                }
                logger.info("provisioned", metadata: ["schema": "\(grant.schema)", "role": "\(grant.role)"])
            }
        }
    }

    /// A SQL string literal; role passwords cannot be bound parameters in DDL.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
