import RoamCore
import Testing

@testable import Trips

/// `GET /v1/me/calendar?month=`: which trips touch a month, and their days in it (seed TC: a month with
/// one trip, several trips, none).
@Suite struct CalendarMonthTests {
    func dates(_ start: String, _ end: String) -> TripDates {
        TripDates(start: LocalDate(start)!, end: LocalDate(end)!)
    }

    @Test func aMonthWithOneTripSeveralOrNone() {
        let june = CalendarMonth("2026-06")!
        let lisbon = dates("2026-06-10", "2026-06-17"), acrossMonths = dates("2026-05-28", "2026-06-02")
        let overlapping = dates("2026-06-15", "2026-07-03"), august = dates("2026-08-01", "2026-08-05")
        #expect(june.days(of: lisbon).map(\.description) == (10...17).map { "2026-06-\($0)" })
        #expect(june.days(of: acrossMonths).map(\.description) == ["2026-06-01", "2026-06-02"])
        #expect(june.days(of: overlapping).count == 16)
        #expect([lisbon, acrossMonths, overlapping, august].filter(june.touches).count == 3, "several trips, overlapping allowed")
        #expect(!CalendarMonth("2026-09")!.touches(lisbon) && CalendarMonth("2026-09")!.days(of: lisbon).isEmpty, "none")
    }

    @Test func monthsAreReadExactly() {
        #expect(CalendarMonth("2026-12")?.last.description == "2026-12-31")
        #expect(CalendarMonth("2028-02")?.last.description == "2028-02-29")
        #expect(CalendarMonth("2026-13") == nil && CalendarMonth("2026-6") == nil && CalendarMonth("June") == nil)
        #expect(CalendarMonth("2026-06")?.description == "2026-06")
    }
}
