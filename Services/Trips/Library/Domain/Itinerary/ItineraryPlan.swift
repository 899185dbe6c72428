import Foundation
import RoamCore

/// When a place is planned: a day of the trip, maybe a local time, and how long before to be reminded.
public struct ItineraryPlan: Sendable, Hashable {
    public var date: LocalDate
    /// Minutes after local midnight, when a time is set.
    public var minuteOfDay: Int?
    public var remindMinutesBefore: Int
    public var note: String?

    public static let defaultReminderMinutes = 60
    /// Without a time, the reminder comes at 09:00 local on the day.
    public static let morningReminderMinute = 9 * 60

    public init(date: LocalDate, minuteOfDay: Int?, remindMinutesBefore: Int = defaultReminderMinutes, note: String? = nil) {
        self.date = date
        self.minuteOfDay = minuteOfDay
        self.remindMinutesBefore = remindMinutesBefore
        self.note = note
    }

    /// A plan as sent (`date` `YYYY-MM-DD`, `time` `HH:MM`), each broken rule named by its field.
    public static func validated(
        date: String, time: String?, remindMinutesBefore: Int?, note: String?, for trip: TripDetails
    ) throws(RoamError)
        -> ItineraryPlan
    {
        var validation = Validation()
        let day = LocalDate(date)
        validation.require(day != nil, "date", "must be a date such as 2026-07-14")
        if let day { validation.require(trip.dates.contains(day), "date", "must be a day of the trip (\(trip.dates.start) to \(trip.dates.end))") }
        var minute: Int?
        if let time {
            let parts = time.split(separator: ":")
            if parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }), let hours = Int(parts[0]),
                let minutes = Int(parts[1]),
                (0..<24).contains(hours), (0..<60).contains(minutes)
            {
                minute = hours * 60 + minutes
            } else {
                validation.fail("time", "must be a local time such as 14:30")
            }
        }
        let remind = remindMinutesBefore ?? defaultReminderMinutes
        validation.require((0...10_080).contains(remind), "remind_minutes_before", "must be from 0 to 10,080 (a week)")
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.require((note?.count ?? 0) <= 1_000, "note", "must be at most 1,000 characters")
        if let note { validation.requireStorable(note, "note") }
        try validation.check()
        return ItineraryPlan(date: day!, minuteOfDay: minute, remindMinutesBefore: remind, note: note.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The instant it starts in `zone` (the time, or the start of the day), and when to remind.
    public func instants(in zone: TripZone) -> (start: Date, remindAt: Date) {
        let midnight = zone.interval(of: date).lowerBound
        guard let minuteOfDay else {
            return (midnight, zone.instant(of: date, minute: Self.morningReminderMinute))
        }
        let start = zone.instant(of: date, minute: minuteOfDay)
        return (start, start.addingTimeInterval(-Double(remindMinutesBefore) * 60))
    }
}
