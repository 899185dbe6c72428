import Foundation

/// Where an item's bytes live in the blob store, by owner (so a user's blobs can be found and purged).
public struct MediaBlobKeys: Sendable, Hashable {
    public let original: BlobKey
    public let thumbnail: BlobKey
    public let preview: BlobKey

    public init(owner: UUID, media: UUID) {
        let path = "\(owner.uuidString.lowercased())/\(media.uuidString.lowercased())"
        original = BlobKey("originals/\(path)")!
        thumbnail = BlobKey("thumbnails/\(path).webp")!
        preview = BlobKey("previews/\(path).jpg")!
    }

    public var all: [BlobKey] { [original, thumbnail, preview] }
}
