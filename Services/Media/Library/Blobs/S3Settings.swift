import Foundation

/// Where an S3-compatible store is and how to sign for it (AWS S3, MinIO, Ceph, moto).
public struct S3Settings: Sendable {
    /// `https://s3.eu-north-1.amazonaws.com`, `http://minio:9000`.
    public var endpoint: URL
    public var bucket: String
    public var region: String
    public var accessKeyID: String
    public var secretAccessKey: String
    /// `endpoint/bucket/key` (MinIO, Ceph, moto) rather than `bucket.endpoint/key` (AWS's default).
    public var pathStyle: Bool
}
