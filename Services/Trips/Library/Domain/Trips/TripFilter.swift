import Foundation

/// Which of a traveller's trips to list.
public enum TripFilter: Sendable, Hashable {
    case all
    /// Upcoming, current or past at `instant`, each by the date in its own zone.
    case phase(TripPhase, at: Date)
    /// Those with a day in the month.
    case month(CalendarMonth)

    public func matches(_ details: TripDetails) -> Bool {
        switch self {
        case .all: true
        case .phase(let phase, let instant): details.phase(at: instant) == phase
        case .month(let month): month.touches(details.dates)
        }
    }
}
