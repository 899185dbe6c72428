import Foundation

/// When reminders are due, and which are sent at all. Stores apply these as they write trips and
/// itinerary items, so a due time always follows the trip's dates and zone.
public enum ReminderSchedule {
    /// The trip-start reminder: 24 hours before the first day's local midnight.
    public static func tripStart(of details: TripDetails) -> Date {
        details.zone.interval(of: details.dates.start).lowerBound.addingTimeInterval(-24 * 3_600)
    }

    /// What a reminder set (or moved) at `now` records as already sent: its time, when it is due
    /// already, so that a plan made after its reminder time is not announced as overdue; nil otherwise.
    public static func sentAt(due: Date, settingAt now: Date) -> Date? {
        due <= now ? now : nil
    }
}
