import RoamCore

/// One of the caller's trips in a month of the calendar: its days in that month, with how many pins and
/// journal entries each has.
public struct CalendarTrip: Sendable {
    public let trip: Trip
    public let days: [LocalDate]
    public let pinCounts: [LocalDate: Int]
    public let journalEntryCounts: [LocalDate: Int]
}
