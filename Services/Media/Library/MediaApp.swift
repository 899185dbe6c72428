import RoamProto
import RoamRuntime

/// The media process: its metadata store, the blob store (files or S3), the upload spool and the image
/// threads. `ServiceHost` does the rest.
public enum MediaApp {
    public static let defaultGRPCPort = 50054
    public static let defaultMetricsPort = 9104

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any MediaRepository =
                if let database = runtime.database { PostgresMediaStore(database: database) } else { InMemoryMediaStore() }
            let images = ImageProcessor(reader: ImageReader(pixelLimit: configuration.policy.maxPixels), workers: ImageWorkers())
            let media = MediaService(
                repository: store, blobs: try configuration.blobStore(), images: images, policy: configuration.policy,
                scratchDirectory: configuration.spoolDirectory)
            let upload = MediaGRPCService(
                media: media, spool: try UploadSpool(directory: configuration.spoolDirectory),
                maxBytes: configuration.policy.maxBytes,
                links: MediaLinkSigner(
                    serviceSecret: configuration.settings.serviceSecret,
                    acceptedServiceSecret: configuration.settings.acceptedServiceSecret,
                    lifetime: configuration.linkLifetime))
            var parts = ServiceParts(
                services: [
                    upload, ContentModerationGRPCService(OneKindModeration.media(media)),
                    PurgeGRPCService(
                        media,
                        purgedUsers: PurgedUsers(database: runtime.database, schema: MediaMigrations.schema)),
                ], migrator: MediaMigrations.migrator)
            // A signed link is its own permission: browsers fetch them without a token.
            parts.anonymousMethods = [Roam_Media_V1_MediaService.Method.Download.descriptor]
            parts.workers = [
                UnusedMediaSweeper(
                    media: media, interval: configuration.sweepInterval, grace: configuration.orphanGrace,
                    logger: runtime.logger),
                DiskSpaceGauge(
                    folders: (configuration.s3 == nil ? [("blobs", configuration.directory)] : []) + [("spool", configuration.spoolDirectory)],
                    logger: runtime.logger),
            ]
            return parts
        }
    }
}
