import Foundation

/// A user who stopped being a member, and who now fills the place they freed.
public struct Removal: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var reason: DepartureReason
    public var hostID: UUID
}
