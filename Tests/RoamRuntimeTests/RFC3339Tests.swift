import Foundation
import RoamRuntime
import Testing

@Suite struct RFC3339Tests {
    @Test func anyFractionAndOffsetIsReadExactly() {
        let base = Date(timeIntervalSince1970: 1_795_687_200)  // 2026-11-26T10:00:00Z
        #expect(RFC3339.date("2026-11-26T10:00:00Z") == base)
        #expect(RFC3339.date("2026-11-26T10:00:00.123Z") == base.addingTimeInterval(0.123), "what toISOString() sends")
        #expect(RFC3339.date("2026-11-26t10:00:00.5z") == base.addingTimeInterval(0.5))
        #expect(RFC3339.date("2026-11-26T15:30:00+05:30") == base)
        #expect(RFC3339.date("2026-11-26T05:00:00.000001-05:00") == base.addingTimeInterval(0.000001))
        #expect(RFC3339.date("2026-11-26T23:59:60Z") == RFC3339.date("2026-11-27T00:00:00Z"), "a leap second rolls over, as in PostgreSQL")
    }

    @Test func everyYearIsOnTheProlepticGregorianCalendar() {
        // As PostgreSQL and Python's proleptic `datetime` count them.
        #expect(RFC3339.date("1500-06-01T00:00:00Z") == Date(timeIntervalSince1970: -14_818_723_200))
        #expect(RFC3339.date("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(RFC3339.date("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        #expect(RFC3339.date("2000-02-29T00:00:00Z") == Date(timeIntervalSince1970: 951_782_400))
        #expect(RFC3339.date("9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: 253_402_300_799))
    }

    @Test func whatIsNotATimeIsRefused() {
        for wrong in [
            "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-26T24:00:00Z",
            "2026-11-26T10:60:00Z", "2026-11-26 10:00:00Z", "2026-11-26T10:00Z", "2026-11-26T10:00:00.Z",
            "2026-11-26T10:00:00+24:00", "0000-01-01T00:00:00Z", "2026-11-26T10:00:00Zjunk", "2026-11-26", "+2026-11-26T10:00:00Z", "yesterday", "",
            "２０２６-11-26T10:00:00Z",
        ] {
            #expect(RFC3339.date(wrong) == nil, "\(wrong)")
        }
        #expect(RFC3339.date("2026-11-26T10:00:00") == nil, "an offset is required")
        #expect(RFC3339.date("2026-11-26T10:00:00", zonelessIsUTC: true) == RFC3339.date("2026-11-26T10:00:00Z"))
    }
}
