import Foundation
import Logging
import Media
import PostgresNIO
import RoamLocal
import RoamRuntime

/// `roam backup`: the database (every schema, `pg_dump -Fc`), media's blobs and accounts' signing keys
/// into one new folder. Blobs are copied before the dump and again after it (only new ones), so every
/// photo row in the dump finds its blob: uploads write the blob before the row, and a blob deleted
/// meanwhile is still in the first copy. Blobs without a row are swept after a restore as always.
struct BackupCommand {
    let folder: URL
    let databaseURL: String
    let environment: Environment

    func run() async throws -> BackupManifest {
        let files = FileManager.default
        if files.fileExists(atPath: folder.path), !((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty {
            throw RoamCommandError("\(folder.path) is not empty: a backup goes into a new folder")
        }
        try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var clock = StepClock()
        let storage = try MediaStorage(environment: environment)
        let copy = BlobTransfer(
            source: try storage.blobStore(), destination: try LocalFileBlobStore(root: folder.appendingPathComponent(BackupManifest.mediaFolder)))

        let first = try await copy.copy()
        clock.done("media blobs, first pass")
        let schemas = try await Self.newestMigrations(databaseURL)
        let dump = try Spawn.output(
            try PostgresTool.path(of: "pg_dump"),
            ["--format=custom", "--file=\(folder.appendingPathComponent(BackupManifest.databaseFile).path)", "--dbname=\(databaseURL)"])
        guard dump.status == 0 else { throw RoamCommandError("pg_dump failed (status \(dump.status)): \(dump.text)") }
        clock.done("database dump")
        let second = try await copy.copy(skipping: first.keys)
        clock.done("media blobs, second pass")

        let keys = try copySigningKeys()
        clock.done("signing keys")
        let manifest = BackupManifest(
            roamVersion: RoamVersion.current, createdAt: Date(), schemas: schemas, blobs: first.keys.count + second.keys.count,
            blobBytes: first.bytes + second.bytes, mediaSource: storage.description, signingKeys: keys, steps: clock.steps)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(manifest).write(to: folder.appendingPathComponent(BackupManifest.fileName))
        return manifest
    }

    /// The key file accounts signs with, when the keys are kept in one (not in ACCOUNTS_SIGNING_KEY).
    private func copySigningKeys() throws -> Bool {
        guard environment.optionalString("ACCOUNTS_SIGNING_KEY") == nil else { return false }
        let path = environment.string("ACCOUNTS_SIGNING_KEY_FILE", default: ".roam/accounts-signing-key")
        guard let contents = FileManager.default.contents(atPath: path) else { return false }
        let destination = folder.appendingPathComponent(BackupManifest.keysFile).path
        guard FileManager.default.createFile(atPath: destination, contents: contents, attributes: [.posixPermissions: 0o600]) else {
            throw RoamCommandError("cannot write \(destination)")
        }
        return true
    }

    /// Each Roam schema's newest applied migration (for the manifest; the dump holds the rows).
    static func newestMigrations(_ url: String) async throws -> [String: Int] {
        try await Database.withClient(url: url, maxConnections: 1, logger: Logger.quiet) { client in
            var newest: [String: Int] = [:]
            for spec in StackPlan.services {
                let table = try await client.query("SELECT to_regclass(\(spec.schema + ".schema_migrations"))::text").collect()
                guard (try table.first?.decode(String?.self)) != nil else { continue }
                let rows = try await client.query(
                    PostgresQuery(unsafeSQL: "SELECT coalesce(max(version), 0) FROM \(spec.schema).schema_migrations")
                ).collect()
                newest[spec.schema] = try rows.first?.decode(Int.self) ?? 0
            }
            return newest
        }
    }
}
