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
                quotaBytes: quota == 0 ? nil : quota)
            directory = URL(fileURLWithPath: environment.string("MEDIA_DIRECTORY", default: ".roam/media"))
            spoolDirectory = URL(
                fileURLWithPath: environment.string("MEDIA_SPOOL_DIRECTORY", default: directory.appendingPathComponent("spool").path))
            sweepInterval = try environment.duration("MEDIA_SWEEP_INTERVAL", default: .seconds(3_600))
            orphanGrace = try environment.duration("MEDIA_ORPHAN_GRACE", default: .seconds(86_400))
            linkLifetime = try environment.duration("MEDIA_URL_TTL", default: .seconds(3_600))
            let bucket = environment.string("S3_BUCKET", default: "")
            if !bucket.isEmpty {
                let endpoint = environment.string("S3_ENDPOINT", default: "https://s3.amazonaws.com")
                guard let url = URL(string: endpoint), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                    throw ConfigurationError(variable: "S3_ENDPOINT", problem: "must be an http(s) URL, not \(endpoint)")
                }
                s3 = S3Settings(
                    endpoint: url, bucket: bucket, region: environment.string("S3_REGION", default: "us-east-1"),
                    accessKeyID: environment.string("S3_ACCESS_KEY_ID", default: ""),
                    secretAccessKey: environment.string("S3_SECRET_ACCESS_KEY", default: ""),
                    pathStyle: environment.string("S3_PATH_STYLE", default: "true") != "false")
            }
        }

        func blobStore() throws -> any BlobStore {
            if let s3 { return S3BlobStore(settings: s3) }
            return try LocalFileBlobStore(root: directory.appendingPathComponent("blobs"))
        }
    }
}
