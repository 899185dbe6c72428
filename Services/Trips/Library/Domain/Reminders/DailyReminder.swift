import Foundation
import RoamCore

/// A trip's daily reminder: on each of its days, at a local time its owner chose, a nudge to log the
/// day's spending and write the journal. Opt-in; it comes on the notification stream.
public struct DailyReminder: Sendable, Hashable {
    public var tripID: UUID
    /// Minutes after local midnight.
    public var minuteOfDay: Int
    /// The next day it comes on, and when; nil once the trip's last one has come.
    public var next: (date: LocalDate, dueAt: Date)?

    public static func == (a: DailyReminder, b: DailyReminder) -> Bool {
        a.tripID == b.tripID && a.minuteOfDay == b.minuteOfDay && a.next?.date == b.next?.date && a.next?.dueAt == b.next?.dueAt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tripID)
        hasher.combine(minuteOfDay)
        hasher.combine(next?.date)
        hasher.combine(next?.dueAt)
    }

    /// `HH:MM` as minutes after midnight, or a refusal naming `field`.
    public static func minute(of time: String, field: String = "time") throws(RoamError) -> Int {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else {
            throw RoamError.invalidField(field, "must be a local time such as 20:30")
        }
        return hours * 60 + minutes
    }

    /// `HH:MM` of its minute.
    public var time: String { String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60) }
}
