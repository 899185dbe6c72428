import Foundation

/// An ended event removed from the store, with who was in it so they can be told.
public struct EndedEvent: Sendable, Equatable {
    public var eventID: UUID
    public var hostID: UUID
    public var formerMembers: [UUID]
    public var formerWaitlist: [UUID]
}
