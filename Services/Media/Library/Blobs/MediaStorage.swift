import Foundation
import RoamRuntime

/// Where media keeps its blobs, as read from the environment: files under `MEDIA_DIRECTORY`, unless
/// `S3_BUCKET` names a bucket (`S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`,
/// `S3_PATH_STYLE`). The service and `roam backup` / `roam restore` read it alike.
public struct MediaStorage: Sendable {
    public var directory: URL
    public var s3: S3Settings?

    public init(environment: Environment) throws {
        directory = URL(fileURLWithPath: environment.string("MEDIA_DIRECTORY", default: ".roam/media"))
        let bucket = environment.string("S3_BUCKET", default: "")
        guard !bucket.isEmpty else { return }
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

    public func blobStore() throws -> any BlobStore {
        if let s3 { return S3BlobStore(settings: s3) }
        return try LocalFileBlobStore(root: directory.appendingPathComponent("blobs"))
    }

    /// What a person would call it in a message.
    public var description: String {
        s3.map { "the S3 bucket \($0.bucket) at \($0.endpoint.absoluteString)" } ?? "the folder \(directory.appendingPathComponent("blobs").path)"
    }
}
