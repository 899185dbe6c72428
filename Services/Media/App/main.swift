import Media
import RoamRuntime

// roam-media: photos and videos, their EXIF, variants and blobs. Configuration: see README.md.
try await ServiceMain.run("roam-media", migrator: MediaMigrations.migrator) {
    try await MediaApp.run(environment: .process)
}
