import Foundation

/// Reads RFC 3339 times (`2026-11-26T10:00:00.123Z`, `…+05:30`) exactly: any fraction of a second, any
/// offset, the proleptic Gregorian calendar PostgreSQL uses for every year (0001–9999: there is no year
/// zero), and a leap second rolled into the next minute as PostgreSQL does. Hand-written over the UTF-8 bytes because Foundation's ISO 8601
/// style costs more per GPX track point than everything else in an import, refuses what some devices
/// write, and moves years before 1582 onto the Julian calendar.
public enum RFC3339 {
    /// The time `text` names, or nil when it is not one. `zonelessIsUTC`: a time without an offset is
    /// UTC (XML Schema, as GPX writes it) rather than refused.
    /// `date` in UTC with milliseconds, as the API answers (`2026-11-26T10:00:00.123Z`).
    public static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    public static func date(_ text: some StringProtocol, zonelessIsUTC: Bool = false) -> Date? {
        // A native string's bytes are read in place; only a bridged one is copied.
        if let date = text.utf8.withContiguousStorageIfAvailable({ read($0, zonelessIsUTC: zonelessIsUTC) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { read($0, zonelessIsUTC: zonelessIsUTC) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, zonelessIsUTC: Bool) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            index < bytes.count, bytes[index] == 0x54 || bytes[index] == 0x74
        else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2) else { return nil }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 60 else {
            return nil
        }
        // Nanoseconds, as whole digits: the same Double as adding the decimal fraction to the whole second.
        var nanoseconds = 0
        if expect(0x2E) {
            var scale = 100_000_000
            let start = index
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                nanoseconds += Int(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if index == bytes.count {
            guard zonelessIsUTC else { return nil }
        } else if bytes[index] == 0x5A || bytes[index] == 0x7A {
            index += 1
        } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let minutes = digits(2), hours <= 23, minutes <= 59 else { return nil }
            offsetSeconds = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(nanoseconds) / 1e9)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
