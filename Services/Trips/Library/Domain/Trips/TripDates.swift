import RoamCore

/// A trip's first and last local dates, both included.
public struct TripDates: Sendable, Hashable {
    public let start: LocalDate
    public let end: LocalDate

    public var dayCount: Int { start.days(to: end) + 1 }

    /// Every day of the trip, in order.
    public var days: [LocalDate] { (0..<dayCount).map { start.adding(days: $0) } }

    public func contains(_ date: LocalDate) -> Bool { start <= date && date <= end }

    /// Where a trip stands on `today` (a local date in its zone).
    public func phase(on today: LocalDate) -> TripPhase {
        today < start ? .upcoming : today > end ? .past : .current
    }
}
