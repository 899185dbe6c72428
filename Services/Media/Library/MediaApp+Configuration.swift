import Foundation
import RoamRuntime

extension MediaApp {
    /// Everything the process reads from its environment, read up front so a bad value stops it at once.
    public struct Configuration: Sendable {
        public var settings: ServiceSettings
        public var policy: MediaPolicy
        /// Where blobs live as files (`MEDIA_DIRECTORY`), unless `S3_BUCKET` names a bucket.
        public var directory: URL
        public var s3: S3Settings?
        /// Where uploads are received before they are stored; the same file system as `directory`
        /// keeps copies cheap.
        public var spoolDirectory: URL
        /// How often blobs nothing points to are looked for, and how old they must be to go.
        public var sweepInterval: Duration
        public var orphanGrace: Duration
        /// The gateway's `MEDIA_URL_TTL`: a link whose expiry lies further ahead is refused.
        public var linkLifetime: Duration

        public init(environment: Environment) throws {
            settings = try ServiceSettings(
                name: "media", defaultGRPCPort: defaultGRPCPort, defaultMetricsPort: defaultMetricsPort,
                environment: environment)
            let quota = try environment.int("MEDIA_QUOTA_BYTES", default: 10_000_000_000, in: 0...(1 << 50))
            policy = MediaPolicy(
                maxBytes: try environment.int("MEDIA_MAX_BYTES", default: 50_000_000, in: 1_024...5_000_000_000),
                maxPixels: try environment.int("MEDIA_MAX_PIXELS", default: 100_000_000, in: 1...1_000_000_000),
                quotaBytes: quota == 0 ? nil : quota,
                uploadExpiry: try environment.duration("MEDIA_UPLOAD_EXPIRY", default: .seconds(86_400)),
                maxOpenUploads: try environment.int("MEDIA_MAX_OPEN_UPLOADS", default: 20, in: 1...1_000))
            let storage = try MediaStorage(environment: environment)
            directory = storage.directory
            s3 = storage.s3
            spoolDirectory = URL(
                fileURLWithPath: environment.string("MEDIA_SPOOL_DIRECTORY", default: directory.appendingPathComponent("spool").path))
            sweepInterval = try environment.duration("MEDIA_SWEEP_INTERVAL", default: .seconds(3_600))
            orphanGrace = try environment.duration("MEDIA_ORPHAN_GRACE", default: .seconds(86_400))
            linkLifetime = try environment.duration("MEDIA_URL_TTL", default: .seconds(3_600))
        }

        func blobStore() throws -> any BlobStore {
            if let s3 { return S3BlobStore(settings: s3) }
            return try LocalFileBlobStore(root: directory.appendingPathComponent("blobs"))
        }
    }
}
