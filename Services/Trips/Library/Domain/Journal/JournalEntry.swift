import Foundation

/// A page of a trip's diary, about one of its days.
public struct JournalEntry: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    public var details: JournalEntryDetails
    public let createdAt: Date
}
