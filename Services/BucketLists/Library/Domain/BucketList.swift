import Foundation

/// A bucket list: its owner's details, and how many items it has and how many are done.
public struct BucketList: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let ownerID: UUID
    public var details: ListDetails
    public var itemCount: Int
    public var completedCount: Int
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, ownerID: UUID, details: ListDetails, itemCount: Int = 0, completedCount: Int = 0, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.details = details
        self.itemCount = itemCount
        self.completedCount = completedCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
