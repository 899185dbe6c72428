import Foundation
import RoamCore

/// Something to do at a place, suggested by a local, with its votes and how many lists it is in.
public struct Activity: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let authorID: UUID
    public var details: ActivityDetails
    public var votes: VoteCounts
    /// How many lists hold an item copied from it.
    public var listCount: Int
    public let createdAt: Date
    public var updatedAt: Date
    /// Set while a moderator has it down: it answers as missing to everyone but its author, who sees why.
    public var takedown: Takedown?

    public func isShown(to reader: UUID) -> Bool { takedown == nil || authorID == reader }

    public init(
        id: UUID, authorID: UUID, details: ActivityDetails, votes: VoteCounts = VoteCounts(), listCount: Int = 0, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.authorID = authorID
        self.details = details
        self.votes = votes
        self.listCount = listCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
