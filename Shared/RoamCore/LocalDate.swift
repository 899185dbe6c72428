import Foundation

/// A calendar date with no time or zone (`2026-07-14`): what a trip's start, end and days are. A day
/// of a trip becomes real instants only with the trip's time zone (`TripZone`).
///
/// Its arithmetic is the proleptic Gregorian calendar's, done on day numbers rather than through
/// `Calendar`: a day page names a date hundreds of times, and on Linux each `Calendar` or
/// `String(format:)` call cost microseconds (a tenth of trips' CPU on it).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real date of the Gregorian calendar, else nil (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.length(ofMonth: month, in: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, exactly.
    public init?(_ text: String) {
        var text = text
        let parsed: (Int, Int, Int)? = text.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }
        guard let (year, month, day) = parsed else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// A date a request names in `field`, or INVALID_ARGUMENT naming it.
    public init(field: String, _ text: String) throws(RoamError) {
        guard let date = LocalDate(text) else { throw RoamError.invalidField(field, "must be a date such as 2026-07-14") }
        self = date
    }

    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (Howard Hinnant's `days_from_civil`).
    var dayNumber: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public var description: String {
        guard (0...9999).contains(year) else { return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }
        return String(unsafeUninitializedCapacity: 10) { text in
            func put(_ value: Int, digits: Int, at start: Int) {
                var value = value
                for index in (start..<start + digits).reversed() {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            return 10
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// Whole days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// 28 to 31.
    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
