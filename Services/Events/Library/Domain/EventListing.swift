import Foundation

/// A discovery result for one viewer.
public struct EventListing: Sendable, Equatable {
    public var view: EventView
    public var distanceMeters: Double
    public var secondsLeft: Int64
    public var inside: Bool
}
