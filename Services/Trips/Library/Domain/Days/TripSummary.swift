import RoamCore

/// A trip with every one of its days in totals.
public struct TripSummary: Sendable {
    public let trip: Trip
    public let days: [TripDayTotals]

    public var distanceMeters: Double { days.reduce(0) { $0 + $1.distanceMeters } }
}
