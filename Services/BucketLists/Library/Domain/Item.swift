import Foundation
import RoamCore

/// A thing to do on a list, open or completed.
public struct Item: Sendable, Hashable, Identifiable {
    public let id: UUID
    public var listID: UUID
    public let ownerID: UUID
    public var details: ItemDetails
    /// 0 is first in its list.
    public var position: Int
    public var completion: Completion?
    public let source: ItemSource?
    public let createdAt: Date
    public var updatedAt: Date
    /// Set while a moderator has it down: it answers as missing to everyone but its owner, who sees why.
    public var takedown: Takedown?

    public func isShown(to reader: UUID) -> Bool { takedown == nil || ownerID == reader }

    public init(
        id: UUID, listID: UUID, ownerID: UUID, details: ItemDetails, position: Int = 0, completion: Completion? = nil,
        source: ItemSource? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.listID = listID
        self.ownerID = ownerID
        self.details = details
        self.position = position
        self.completion = completion
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
