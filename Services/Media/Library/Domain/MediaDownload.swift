/// A variant being read: what it is, and its bytes (all, or the range asked for).
public struct MediaDownload: Sendable {
    public var contentType: String
    /// The item's checksum and the variant: changes whenever the bytes do.
    public var etag: String
    public var content: BlobContent
}
