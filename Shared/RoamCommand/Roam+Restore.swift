import ArgumentParser
import Foundation
import RoamRuntime

extension Roam {
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore a backup folder into an empty database and media store.",
            discussion: """
                Reads DATABASE_URL (an administrator's connection to an empty database; needs pg_restore), media's \
                storage (MEDIA_DIRECTORY, or S3_BUCKET and S3_*) and ACCOUNTS_SIGNING_KEY_FILE, as `roam backup` does. \
                Then run `roam provision` (it sets the services' passwords) and start the services.
                """)

        @Argument(help: "A folder `roam backup` made.")
        var folder: String

        func run() async throws {
            guard let url = Roam.environment["DATABASE_URL"], !url.isEmpty else { Roam.fail("set DATABASE_URL to an administrator's connection") }
            do {
                let result = try await RestoreCommand(
                    folder: URL(fileURLWithPath: folder), databaseURL: url, environment: Environment(Roam.environment)
                ).run()
                let made = result.manifest.createdAt.formatted(.iso8601)
                print("restored the backup of \(made) (Roam \(result.manifest.roamVersion)): \(result.manifest.blobs) blobs")
                if result.removedItems > 0 { print("  removed \(result.removedItems) media items deleted while the backup ran (no blob)") }
                for step in result.steps { print("  \(step.name): \(String(format: "%.1f", step.seconds)) s") }
            } catch {
                Roam.fail("restore: \(error)")
            }
        }
    }
}
