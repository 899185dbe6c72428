import Foundation

/// An event found by discovery, with where it is from the asked position.
public struct EventHit: Sendable, Equatable {
    public var event: Event
    public var distanceMeters: Double
}
