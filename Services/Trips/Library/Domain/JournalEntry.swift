import Foundation

/// A page of a trip's diary, about one of its days.
public struct JournalEntry: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    public var details: JournalEntryDetails
    public let createdAt: Date

    public init(id: UUID, tripID: UUID, ownerID: UUID, details: JournalEntryDetails, createdAt: Date) {
        self.id = id
        self.tripID = tripID
        self.ownerID = ownerID
        self.details = details
        self.createdAt = createdAt
    }
}
