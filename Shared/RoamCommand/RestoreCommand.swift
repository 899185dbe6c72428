import Foundation
import Logging
import Media
import PostgresNIO
import RoamLocal
import RoamRuntime

/// `roam restore`: a backup folder into an empty database and media store. Creates the services' roles
/// where missing, restores the dump in one transaction, copies the blobs back, removes items whose
/// blob is missing (`MediaRestoreCheck`), and puts the signing keys back where accounts reads them.
struct RestoreCommand {
    let folder: URL
    let databaseURL: String
    let environment: Environment

    func run() async throws -> (manifest: BackupManifest, removedItems: Int, steps: [BackupManifest.Step]) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(BackupManifest.fileName).path),
            let manifest = try? decoder.decode(BackupManifest.self, from: data)
        else { throw RoamCommandError("\(folder.path) holds no readable \(BackupManifest.fileName): is it a roam backup?") }
        var clock = StepClock()
        // The keys first: a key file in the way stops the restore before it has changed anything.
        if manifest.signingKeys { try restoreSigningKeys() }
        clock.done("signing keys")
        let logger = Logger.quiet
        try await Database.withClient(url: databaseURL, maxConnections: 1, logger: logger) { client in
            try await Self.prepare(client, logger: logger)
        }
        let restore = try Spawn.output(
            try PostgresTool.path(of: "pg_restore"),
            [
                "--exit-on-error", "--single-transaction", "--dbname=\(databaseURL)",
                folder.appendingPathComponent(BackupManifest.databaseFile).path,
            ])
        guard restore.status == 0 else { throw RoamCommandError("pg_restore failed (status \(restore.status)): \(restore.text)") }
        clock.done("database restore")

        let storage = try MediaStorage(environment: environment)
        let blobs = try storage.blobStore()
        if let s3 = storage.s3 { try await S3BlobStore(settings: s3).createBucket() }
        let copy = BlobTransfer(source: try LocalFileBlobStore(root: folder.appendingPathComponent(BackupManifest.mediaFolder)), destination: blobs)
        _ = try await copy.copy()
        clock.done("media blobs")
        let removed = try await Database.withClient(url: databaseURL, maxConnections: 1, logger: logger) { client in
            try await MediaRestoreCheck.removeItemsWithoutOriginals(client, blobs: blobs, logger: logger)
        }
        clock.done("items checked against their blobs")
        return (manifest, removed.count, clock.steps)
    }

    /// Refuses a database that has Roam data; creates each service's role where missing (its password
    /// is set by `roam provision`); drops the empty schemas a provisioning made, which the dump makes.
    private static func prepare(_ client: PostgresClient, logger: Logger) async throws {
        let schemas = StackPlan.services.map(\.schema)
        let tables = try await client.query(
            "SELECT table_schema || '.' || table_name FROM information_schema.tables WHERE table_schema = ANY(\(schemas)) LIMIT 3",
            logger: logger
        ).collect()
        if let first = tables.first {
            throw RoamCommandError("the database already holds Roam data (\(try first.decode(String.self)), …): restore into an empty one")
        }
        for schema in schemas {
            try await client.query(
                PostgresQuery(
                    unsafeSQL: """
                        DO $$ BEGIN
                          CREATE ROLE roam_\(schema) LOGIN;
                        EXCEPTION WHEN duplicate_object THEN NULL;
                        END $$
                        """), logger: logger)
            try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema)"), logger: logger)
        }
    }

    /// Where accounts reads its keys; a different key file already there is not replaced.
    private func restoreSigningKeys() throws {
        guard let saved = FileManager.default.contents(atPath: folder.appendingPathComponent(BackupManifest.keysFile).path) else { return }
        if environment.optionalString("ACCOUNTS_SIGNING_KEY") != nil {
            throw RoamCommandError("the backup holds signing keys, but ACCOUNTS_SIGNING_KEY sets others: unset it to use the file, or keep yours")
        }
        let path = environment.string("ACCOUNTS_SIGNING_KEY_FILE", default: ".roam/accounts-signing-key")
        if let existing = FileManager.default.contents(atPath: path) {
            guard existing == saved else { throw RoamCommandError("\(path) holds other keys: move it away to restore the backup's") }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        guard FileManager.default.createFile(atPath: path, contents: saved, attributes: [.posixPermissions: 0o600]) else {
            throw RoamCommandError("cannot write \(path)")
        }
    }
}
