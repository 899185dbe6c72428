import Foundation
import RoamCore
import Testing

@testable import Trips

/// What a day of a trip is: [local midnight, next local midnight) in the trip's zone, 23 or 25 hours
/// when the clocks change, and which day an instant such as a photo's capture time falls on.
@Suite struct TripDayTests {
    let stockholm = TripZone("Europe/Stockholm")!

    @Test func aPhotoAt2330And0030LocalFallsOnTwoDays() {
        // Stockholm is UTC+2 in July: 23:30 local is 21:30 UTC, 00:30 local the next day is 22:30 UTC.
        let lateEvening = TripDayTests.utc("2026-07-14T21:30:00Z"), justAfterMidnight = TripDayTests.utc("2026-07-14T22:30:00Z")
        #expect(stockholm.date(of: lateEvening).description == "2026-07-14")
        #expect(stockholm.date(of: justAfterMidnight).description == "2026-07-15")
        let day = stockholm.interval(of: LocalDate("2026-07-14")!)
        #expect(day.contains(lateEvening) && !day.contains(justAfterMidnight))
        #expect(day.lowerBound == TripDayTests.utc("2026-07-13T22:00:00Z") && day.upperBound == TripDayTests.utc("2026-07-14T22:00:00Z"))
    }

    @Test func daysAcrossADaylightSavingChangeAre23And25HoursLong() {
        let spring = stockholm.interval(of: LocalDate("2026-03-29")!)
        #expect(spring.upperBound.timeIntervalSince(spring.lowerBound) == 23 * 3_600)
        let autumn = stockholm.interval(of: LocalDate("2026-10-25")!)
        #expect(autumn.upperBound.timeIntervalSince(autumn.lowerBound) == 25 * 3_600)
        let ordinary = stockholm.interval(of: LocalDate("2026-10-26")!)
        #expect(ordinary.upperBound.timeIntervalSince(ordinary.lowerBound) == 24 * 3_600)
        // Consecutive days meet exactly: no instant belongs to two days or to none.
        #expect(spring.upperBound == stockholm.interval(of: LocalDate("2026-03-30")!).lowerBound)
    }

    @Test func aZoneThatSkipsMidnightStartsTheDayAtItsFirstInstant() {
        // Santiago moves its clocks from 00:00 to 01:00 on the first Sunday of September.
        let santiago = TripZone("America/Santiago")!
        let day = santiago.interval(of: LocalDate("2026-09-06")!)
        #expect(santiago.date(of: day.lowerBound).description == "2026-09-06")
        #expect(day.upperBound.timeIntervalSince(day.lowerBound) == 23 * 3_600)
    }

    @Test func localDatesCountAndStepAcrossMonthsAndLeapDays() {
        let leap = LocalDate("2028-02-28")!
        #expect(leap.adding(days: 1).description == "2028-02-29" && leap.adding(days: 2).description == "2028-03-01")
        #expect(LocalDate("2026-12-31")!.adding(days: 1).description == "2027-01-01")
        #expect(LocalDate("2026-01-01")!.days(to: LocalDate("2027-01-01")!) == 365)
        #expect(LocalDate("2029-02-29") == nil)
    }

    /// Every day around two leap-year exceptions (2000 is one, 2100 is not), and every 97th day from
    /// 1600 to 2400. PostgreSQL's `date` counts the same way.
    @Test func localDatesAgreeWithFoundationsCalendar() async {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let epoch = LocalDate("1970-01-01")!
        for (first, last, step) in [("1999-01-01", "2001-12-31", 1), ("2099-01-01", "2101-12-31", 1), ("1600-01-01", "2400-12-31", 97)] {
            var instant = TripDayTests.utc("\(first)T12:00:00Z")
            var previous: LocalDate?
            while instant < TripDayTests.utc("\(last)T23:59:59Z") {
                // Some 5,000 days: let the suite's other tests run meanwhile.
                await Task.yield()
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                let date = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
                let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                #expect(date?.description == expected)
                #expect(LocalDate(expected) == date)
                #expect(TripZone.utc.date(of: instant) == date)
                #expect(epoch.days(to: date!) == calendar.dateComponents([.day], from: TripDayTests.utc("1970-01-01T12:00:00Z"), to: instant).day)
                if let previous { #expect(previous.adding(days: step) == date && date!.adding(days: -step) == previous) }
                previous = date
                instant = instant.addingTimeInterval(Double(step) * 86_400)
            }
        }
    }

    @Test func onlyRealDatesAreDates() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for year in [1, 1600, 1700, 1900, 2000, 2024, 2026, 2100, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    let real =
                        calendar.date(from: DateComponents(year: year, month: month, day: day))
                        .map { calendar.dateComponents([.year, .month, .day], from: $0) == DateComponents(year: year, month: month, day: day) }
                        ?? false
                    #expect((LocalDate(year: year, month: month, day: day) != nil) == real, "\(year)-\(month)-\(day)")
                }
            }
        }
        for text in [
            "2026-7-14", "2026-07-4", "20260714", "2026/07/14", " 2026-07-14", "2026-07-14 ", "+026-07-14", "2026-0a-14",
            "\u{FF12}\u{FF10}\u{FF12}\u{FF16}-07-14", "0000-01-01", "2026-02-29", "",
        ] {
            #expect(LocalDate(text) == nil, "\(text)")
        }
        #expect(LocalDate("0001-01-01")?.description == "0001-01-01" && LocalDate("9999-12-31")?.description == "9999-12-31")
    }

    /// Zones with daylight saving time, half-hour and 45-minute offsets, a day skipped (Samoa, 30 December
    /// 2011) and a midnight skipped (Santiago), before and after 1970: three times a day, and a second
    /// either side of each change of the clocks.
    @Test func anInstantFallsOnTheDateFoundationsCalendarGivesIt() {
        for identifier in [
            "Europe/Stockholm", "America/Santiago", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
            "America/St_Johns", "Pacific/Kiritimati", "UTC",
        ] {
            let zone = TripZone(identifier)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone.timeZone
            for (start, end) in [
                ("1969-12-25T00:00:00Z", "1970-01-05T00:00:00Z"), ("2011-12-25T00:00:00Z", "2012-01-05T00:00:00Z"),
                ("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"),
            ] {
                let (first, last) = (TripDayTests.utc(start), TripDayTests.utc(end))
                var instants = stride(from: first.timeIntervalSince1970, to: last.timeIntervalSince1970, by: 8 * 3_600 + 1).map(
                    Date.init(timeIntervalSince1970:))
                var change = zone.timeZone.nextDaylightSavingTimeTransition(after: first)
                while let moment = change, moment < last {
                    instants += [-1.0, 0, 1].map { moment.addingTimeInterval($0) }
                    change = zone.timeZone.nextDaylightSavingTimeTransition(after: moment)
                }
                for instant in instants {
                    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                    #expect(zone.date(of: instant) == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!), "\(identifier) \(instant)")
                }
            }
        }
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
