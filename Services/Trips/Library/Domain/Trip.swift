import Foundation

/// A traveller's trip: private to its owner.
public struct Trip: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let ownerID: UUID
    public var details: TripDetails
    public let createdAt: Date

    public init(id: UUID, ownerID: UUID, details: TripDetails, createdAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.details = details
        self.createdAt = createdAt
    }
}
