import Foundation
import RoamCore
import Testing

@testable import Trips

/// The itinerary's rules before it is stored: a plan's day, time and reminder (09:00 local without a
/// time, 60 minutes before by default, across a DST change), and the trip as iCalendar.
@Suite struct ItineraryTests {
    /// 25 March–2 April 2026 in Lisbon: clocks go forward at 01:00 on Sunday 29 March.
    let trip = TripFixtures.trip("2026-03-25", "2026-04-02")

    @Test func aPlanIsCheckedFieldByField() {
        func fields(_ date: String, _ time: String?, _ remind: Int? = nil, note: String? = nil) -> [String] {
            do {
                _ = try ItineraryPlan.validated(date: date, time: time, remindMinutesBefore: remind, note: note, for: trip.details)
                return []
            } catch {
                return error.violations.map(\.field)
            }
        }
        #expect(fields("2026-03-30", "14:30").isEmpty)
        #expect(fields("2026-04-03", "24:00", -5, note: String(repeating: "n", count: 1_001)) == ["date", "time", "remind_minutes_before", "note"])
        #expect(fields("30/03/2026", "2pm") == ["date", "time"])
    }

    @Test func remindersComeAnHourBeforeOrAtNineOnTheDayInTheTripsZone() throws {
        let zone = trip.details.zone
        let timed = try ItineraryPlan.validated(date: "2026-03-28", time: "14:30", remindMinutesBefore: nil, note: nil, for: trip.details)
        #expect(timed.instants(in: zone).start == TripFixtures.utc("2026-03-28T14:30:00Z"), "winter time: Lisbon is UTC")
        #expect(timed.instants(in: zone).remindAt == TripFixtures.utc("2026-03-28T13:30:00Z"))
        let summer = try ItineraryPlan.validated(date: "2026-03-30", time: "14:30", remindMinutesBefore: 30, note: nil, for: trip.details)
        #expect(summer.instants(in: zone).start == TripFixtures.utc("2026-03-30T13:30:00Z"), "summer time: UTC+1")
        #expect(summer.instants(in: zone).remindAt == TripFixtures.utc("2026-03-30T13:00:00Z"))
        let untimed = try ItineraryPlan.validated(date: "2026-03-29", time: nil, remindMinutesBefore: nil, note: nil, for: trip.details)
        #expect(untimed.instants(in: zone).remindAt == TripFixtures.utc("2026-03-29T08:00:00Z"), "09:00 local on the day clocks change")
        // 01:30 does not exist on 29 March in Lisbon: the first time after the gap.
        let skipped = try ItineraryPlan.validated(date: "2026-03-29", time: "01:30", remindMinutesBefore: 0, note: nil, for: trip.details)
        #expect(skipped.instants(in: zone).start == TripFixtures.utc("2026-03-29T01:00:00Z"))
    }

    @Test func theItineraryIsICalendarWithTheTripsZoneAndAlarms() throws {
        let zone = trip.details.zone
        func item(_ plan: ItineraryPlan) -> ItineraryItem {
            ItineraryItem(
                id: UUID(), tripID: trip.id, ownerID: trip.ownerID, placeID: UUID(), plan: plan, remindAt: plan.instants(in: zone).remindAt,
                createdAt: Date())
        }
        let lunch = item(
            try ItineraryPlan.validated(
                date: "2026-03-30", time: "13:00", remindMinutesBefore: 45, note: "Book; ask for the terrace, please",
                for: trip.details))
        let museum = item(try ItineraryPlan.validated(date: "2026-03-28", time: nil, remindMinutesBefore: nil, note: nil, for: trip.details))
        let text = ItineraryCalendar(
            trip: trip,
            entries: [
                .init(item: lunch, placeName: "Tasca do Chico", address: "Rua do Diário de Notícias, 39"),
                .init(
                    item: museum, placeName: "Museu Nacional do Azulejo — a very long name that has to be folded over more than one line",
                    address: nil),
            ], stamp: TripFixtures.utc("2026-03-01T12:00:00Z")
        ).text
        let lines = text.components(separatedBy: "\r\n")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // Winter time, then the change to summer time at 01:00 UTC (01:00 on the clock before it).
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000\r\nEND:STANDARD"))
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nEND:DAYLIGHT"))
        #expect(lines.contains("DTSTART;TZID=Europe/Lisbon:20260330T130000"))
        // A time the clocks skip is the instant the API answers (02:00 summer time), not 01:30 read with winter's offset.
        let skipped = item(try ItineraryPlan.validated(date: "2026-03-29", time: "01:30", remindMinutesBefore: 0, note: nil, for: trip.details))
        let gap = ItineraryCalendar(trip: trip, entries: [.init(item: skipped, placeName: "Night tram", address: nil)], stamp: Date()).text
        #expect(
            gap.contains("DTSTART;TZID=Europe/Lisbon:20260329T020000\r\n")
                && skipped.plan.instants(in: zone).start == TripFixtures.utc("2026-03-29T01:00:00Z"))
        #expect(gap.contains("TRIGGER:-PT0M"))
        #expect(lines.contains("LOCATION:Rua do Diário de Notícias\\, 39"))
        #expect(lines.contains("DESCRIPTION:Book\\; ask for the terrace\\, please"))
        #expect(lines.contains("TRIGGER:-PT45M"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20260328") && lines.contains("DTEND;VALUE=DATE:20260329"))
        // All day: the reminder is 09:00 on the day, after the day's start.
        #expect(lines.contains("TRIGGER:PT540M"))
        #expect(
            text.replacingOccurrences(of: "\r\n ", with: "").contains(
                "SUMMARY:Museu Nacional do Azulejo — a very long name that has to be folded over more than one line"))
    }
}
