import Foundation

public struct Departure: Sendable, Equatable {
    public var eventID: UUID
    public var reason: DepartureReason

    public init(eventID: UUID, reason: DepartureReason) {
        self.eventID = eventID
        self.reason = reason
    }
}
