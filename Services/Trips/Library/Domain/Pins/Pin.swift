import Foundation

/// A place the traveller marked on a trip: what it was, where, and when they were there.
public struct Pin: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    public var details: PinDetails
    public let createdAt: Date
}
