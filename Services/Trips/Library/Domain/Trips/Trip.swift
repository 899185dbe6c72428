import Foundation

/// A traveller's trip: private to its owner.
public struct Trip: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let ownerID: UUID
    public var details: TripDetails
    public let createdAt: Date
    /// Whether the owner's phone may record the trip's location track; off until they turn it on.
    public var tracking: Bool

    public init(id: UUID, ownerID: UUID, details: TripDetails, createdAt: Date, tracking: Bool = false) {
        self.id = id
        self.ownerID = ownerID
        self.details = details
        self.createdAt = createdAt
        self.tracking = tracking
    }
}
