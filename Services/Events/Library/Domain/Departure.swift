import Foundation

public struct Departure: Sendable, Equatable {
    public var eventID: UUID
    public var reason: DepartureReason
}
