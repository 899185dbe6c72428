import Foundation

/// One stored blob, as listed.
public struct BlobListing: Sendable, Hashable {
    public var key: BlobKey
    public var size: Int
    public var writtenAt: Date
}
