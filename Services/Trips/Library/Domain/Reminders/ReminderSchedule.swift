import Foundation
import RoamCore

/// When reminders are due, and which are sent at all. Stores apply these as they write trips and
/// itinerary items, so a due time always follows the trip's dates and zone.
public enum ReminderSchedule {
    /// The trip-start reminder: 24 hours before the first day's local midnight.
    public static func tripStart(of details: TripDetails) -> Date {
        details.zone.interval(of: details.dates.start).lowerBound.addingTimeInterval(-24 * 3_600)
    }

    /// A daily reminder's next day and time after `instant`: the first day of the trip whose local
    /// `minuteOfDay` (a time the clocks skip reads as the first after the gap) is later; nil after the last.
    public static func nextDaily(minuteOfDay: Int, dates: TripDates, zone: TripZone, after instant: Date) -> (date: LocalDate, dueAt: Date)? {
        var day = max(dates.start, zone.date(of: instant).adding(days: -1))
        while day <= dates.end {
            let due = zone.instant(of: day, minute: minuteOfDay)
            if due > instant { return (day, due) }
            day = day.adding(days: 1)
        }
        return nil
    }

    /// What a reminder set (or moved) at `now` records as already sent: its time, when it is due
    /// already, so that a plan made after its reminder time is not announced as overdue; nil otherwise.
    public static func sentAt(due: Date, settingAt now: Date) -> Date? {
        due <= now ? now : nil
    }
}
