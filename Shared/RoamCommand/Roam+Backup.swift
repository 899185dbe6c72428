import ArgumentParser
import Foundation
import RoamRuntime

extension Roam {
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Back up the database, media's blobs and accounts' signing keys into a new folder.",
            discussion: """
                Reads DATABASE_URL (an administrator's connection; needs pg_dump), media's storage as media reads it \
                (MEDIA_DIRECTORY, or S3_BUCKET and S3_*), and ACCOUNTS_SIGNING_KEY_FILE. Runs beside a serving stack. \
                Secrets (passwords, SMTP, push keys) are not in it: keep them where you keep secrets. \
                `roam restore FOLDER` brings it back.
                """)

        @Argument(help: "A new (or empty) folder for the backup.")
        var folder: String

        func run() async throws {
            guard let url = Roam.environment["DATABASE_URL"], !url.isEmpty else { Roam.fail("set DATABASE_URL to an administrator's connection") }
            do {
                let manifest = try await BackupCommand(
                    folder: URL(fileURLWithPath: folder), databaseURL: url, environment: Environment(Roam.environment)
                ).run()
                print(
                    "backed up \(manifest.schemas.count) schemas, \(manifest.blobs) blobs (\(manifest.blobBytes) bytes)"
                        + (manifest.signingKeys ? " and the signing keys" : "") + " to \(folder)")
                for step in manifest.steps { print("  \(step.name): \(String(format: "%.1f", step.seconds)) s") }
            } catch {
                Roam.fail("backup: \(error)")
            }
        }
    }
}
