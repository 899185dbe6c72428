/// Bytes of a resumable upload kept as one blob: those from `offset`, `size` of them.
public struct UploadSegment: Sendable, Equatable {
    public let offset: Int
    public let size: Int
    public let key: BlobKey

    public init(offset: Int, size: Int, key: BlobKey) {
        self.offset = offset
        self.size = size
        self.key = key
    }
}
