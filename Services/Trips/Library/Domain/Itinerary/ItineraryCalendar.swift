import Foundation
import RoamCore

/// A trip's itinerary as iCalendar (RFC 5545): one VEVENT per item in the trip's time zone, described
/// by a VTIMEZONE built from the zone's own offsets and changes over the trip, and a VALARM per reminder.
/// Written by hand: a few dozen lines, and no iCalendar package is in the mirror.
public struct ItineraryCalendar: Sendable {
    public struct Entry: Sendable {
        public let item: ItineraryItem
        public let placeName: String
        public let address: String?

        public init(item: ItineraryItem, placeName: String, address: String?) {
            self.item = item
            self.placeName = placeName
            self.address = address
        }
    }

    public let trip: Trip
    public let entries: [Entry]
    /// When the file was made (DTSTAMP).
    public let stamp: Date

    public var text: String {
        let zone = trip.details.zone
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Roam//Trip Diary//EN", "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:\(Self.escaped(trip.details.title))", "X-WR-TIMEZONE:\(zone.identifier)",
        ]
        lines += timeZoneLines
        for entry in entries {
            let plan = entry.item.plan
            lines += [
                "BEGIN:VEVENT", "UID:\(entry.item.id.uuidString.lowercased())@roam", "DTSTAMP:\(Self.utc(stamp))",
                "SUMMARY:\(Self.escaped(entry.placeName))",
            ]
            let start = plan.instants(in: zone).start
            if plan.minuteOfDay != nil {
                // The local time of the instant the API answers: a time the clocks skip (a daylight-saving
                // gap) is written as the first time after it, not left to the calendar's reading (RFC 5545
                // reads it with the offset before the gap, an hour later than the API).
                lines.append("DTSTART;TZID=\(zone.identifier):\(Self.local(start, offset: zone.timeZone.secondsFromGMT(for: start)))")
                lines.append("DURATION:PT1H")
            } else {
                lines.append("DTSTART;VALUE=DATE:\(Self.compact(plan.date))")
                lines.append("DTEND;VALUE=DATE:\(Self.compact(plan.date.adding(days: 1)))")
            }
            if let address = entry.address { lines.append("LOCATION:\(Self.escaped(address))") }
            if let note = plan.note { lines.append("DESCRIPTION:\(Self.escaped(note))") }
            let before = Int(start.timeIntervalSince(entry.item.remindAt) / 60)
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(Self.escaped(entry.placeName))",
                before >= 0 ? "TRIGGER:-PT\(before)M" : "TRIGGER:PT\(-before)M", "END:VALARM", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// The zone as the file needs it: its offset before the trip, then each change during it.
    var timeZoneLines: [String] {
        let timeZone = trip.details.zone.timeZone
        let from = trip.details.zone.interval(of: trip.details.dates.start).lowerBound.addingTimeInterval(-86_400)
        let until = trip.details.zone.interval(of: trip.details.dates.end).upperBound.addingTimeInterval(86_400)
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(trip.details.zone.identifier)"]
        let first = timeZone.secondsFromGMT(for: from)
        lines += component(daylight: timeZone.isDaylightSavingTime(for: from), start: "19700101T000000", from: first, to: first)
        var cursor = from
        while let change = timeZone.nextDaylightSavingTimeTransition(after: cursor), change < until {
            let before = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = timeZone.secondsFromGMT(for: change)
            // DTSTART is the local time of the change as read on the clock before it.
            lines += component(
                daylight: timeZone.isDaylightSavingTime(for: change), start: Self.local(change, offset: before), from: before, to: after)
            cursor = change
        }
        return lines + ["END:VTIMEZONE"]
    }

    func component(daylight: Bool, start: String, from: Int, to: Int) -> [String] {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        return ["BEGIN:\(kind)", "DTSTART:\(start)", "TZOFFSETFROM:\(Self.offset(from))", "TZOFFSETTO:\(Self.offset(to))", "END:\(kind)"]
    }

    static func compact(_ date: LocalDate) -> String { String(format: "%04d%02d%02d", date.year, date.month, date.day) }

    static func utc(_ date: Date) -> String { local(date, offset: 0) + "Z" }

    static func local(_ date: Date, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    static func offset(_ seconds: Int) -> String {
        String(format: "%@%02d%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3_600, abs(seconds) % 3_600 / 60)
    }

    /// TEXT values escape backslashes, semicolons, commas and line breaks.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: ",", with: "\\,")
            .replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character.
    static func folded(_ line: String) -> String {
        var result = "", count = 0
        for character in line {
            let size = String(character).utf8.count
            if count + size > 75 {
                result += "\r\n "
                count = 1
            }
            result.append(character)
            count += size
        }
        return result
    }
}
