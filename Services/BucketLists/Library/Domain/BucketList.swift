import Foundation
import RoamCore

/// A bucket list: its owner's details, and how many items it has and how many are done.
public struct BucketList: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let ownerID: UUID
    public var details: ListDetails
    public var itemCount: Int
    public var completedCount: Int
    public let createdAt: Date
    public var updatedAt: Date
    /// Set while a moderator has it down: it answers as missing to everyone but its owner, who sees why.
    public var takedown: Takedown?

    public func isShown(to reader: UUID) -> Bool { takedown == nil || ownerID == reader }

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
