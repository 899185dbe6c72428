import Foundation
import RoamCore
import Testing
import Trips

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

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
