import Foundation

/// Where an item's bytes live in the blob store, by owner (so a user's blobs can be found and purged).
public struct MediaBlobKeys: Sendable, Hashable {
    public let original: BlobKey
    public let thumbnail: BlobKey
    public let preview: BlobKey
    /// The original without metadata, made the first time someone other than the owner reads it.
    public let shared: BlobKey

    /// Where resumable uploads keep their segments: `uploads/<owner>/<upload>/<offset>-<random>`.
    public static let uploadsPrefix = "uploads/"

    /// Where each kind of blob lives, followed by `<owner>/`.
    public static let prefixes = ["originals/", "thumbnails/", "previews/", "shared/"]

    public init(owner: UUID, media: UUID) {
        let path = "\(owner.uuidString.lowercased())/\(media.uuidString.lowercased())"
        original = BlobKey("originals/\(path)")!
        thumbnail = BlobKey("thumbnails/\(path).webp")!
        preview = BlobKey("previews/\(path).jpg")!
        shared = BlobKey("shared/\(path).jpg")!
    }

    /// What an image upload writes; `shared` comes later, if ever.
    public var uploaded: [BlobKey] { [original, thumbnail, preview] }
    public var all: [BlobKey] { uploaded + [shared] }
}
