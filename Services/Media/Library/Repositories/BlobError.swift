/// Why a blob store call failed.
public enum BlobError: Error, Sendable, Equatable {
    case notFound(BlobKey)
    /// The range starts past the end of the blob.
    case rangeNotSatisfiable(size: Int)
    /// The store could not be reached or written (a full disk, S3 down); the reason, never shown to clients.
    case unavailable(String)
}
