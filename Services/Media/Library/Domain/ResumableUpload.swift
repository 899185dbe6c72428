import Foundation
import RoamCore

/// A file sent in parts (tus): its whole length is known and reserved from its owner's quota at once;
/// its bytes arrive as segments, each from the offset the last one reached, until the item is stored.
public struct ResumableUpload: Sendable, Equatable {
    public let id: UUID
    public let ownerID: UUID
    /// The whole file, in bytes.
    public let length: Int
    /// How many bytes have arrived.
    public var offset: Int
    /// When it is removed if no byte arrives before.
    public var expiresAt: Date
    /// The client's tus `Upload-Metadata`, kept as it was sent to answer with.
    public let metadata: String
    public let details: UploadDetails
    public let createdAt: Date
    /// The stored item, once the last byte arrived.
    public var mediaID: UUID?
    /// With `mediaID`: the owner already had these bytes.
    public var duplicate: Bool
    /// When an append that has not finished began: what it received is about to move the offset.
    public var appendingSince: Date?

    public init(
        id: UUID, ownerID: UUID, length: Int, offset: Int = 0, expiresAt: Date, metadata: String = "", details: UploadDetails = UploadDetails(),
        createdAt: Date, mediaID: UUID? = nil, duplicate: Bool = false, appendingSince: Date? = nil
    ) {
        self.appendingSince = appendingSince
        self.id = id
        self.ownerID = ownerID
        self.length = length
        self.offset = offset
        self.expiresAt = expiresAt
        self.metadata = metadata
        self.details = details
        self.createdAt = createdAt
        self.mediaID = mediaID
        self.duplicate = duplicate
    }

    public var isComplete: Bool { offset == length }
    public var isStored: Bool { mediaID != nil }

    /// Where its segments are kept in the blob store, until the item is stored.
    public var segmentPrefix: String { "\(MediaBlobKeys.uploadsPrefix)\(ownerID.lowercasedString)/\(id.lowercasedString)/" }

    /// A new segment's key: unique, so two appends racing from one offset never write the same blob.
    func segmentKey(at offset: Int) -> BlobKey {
        BlobKey("\(segmentPrefix)\(offset)-\(UUID().lowercasedString)")!
    }
}
