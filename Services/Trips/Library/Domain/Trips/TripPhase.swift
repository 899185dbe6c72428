/// Where a trip stands today, in its own time zone.
public enum TripPhase: String, Sendable, CaseIterable {
    case upcoming, current, past
}
