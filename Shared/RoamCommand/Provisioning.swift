import Foundation
import Logging
import PostgresNIO
import RoamRuntime

/// Creates every service's role and schema with an administrator's connection.
enum Provisioning {
    static func grants(passwords: [String: String]) -> [DatabaseProvisioner.Grant] {
        StackPlan.services.map { spec in
            DatabaseProvisioner.Grant(schema: spec.schema, password: passwords[spec.schema] ?? "", requiresPostGIS: spec.requiresPostGIS)
        }
    }

    static func run(adminURL: String, passwords: [String: String], logger: Logger) async throws {
        let grants = grants(passwords: passwords)
        try await Database.withClient(url: adminURL, maxConnections: 2, logger: logger) { client in
            try await DatabaseProvisioner(grants: grants).provision(client, logger: logger)
        }
    }

    /// A password kept in `file`, made on first use.
    static func password(in file: String) throws -> String {
        if let existing = try? String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            !existing.isEmpty
        {
            return existing
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        let password = String((0..<32).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        guard FileManager.default.createFile(atPath: file, contents: Data(password.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw RoamCommandError("cannot write \(file)")
        }
        return password
    }
}
