import Foundation
import OpenAPIRuntime
import RoamRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Every time the API reads or writes (RFC 3339, the OpenAPI `date-time` format). Read: any fraction of
/// a second and any offset, as JavaScript's `toISOString()` and every platform's formatter write them,
/// on the proleptic Gregorian calendar PostgreSQL uses, years 0001–9999 (what a protobuf timestamp
/// holds). Written: UTC to the millisecond, always with three digits (`2026-07-14T09:30:00.000Z`), so a
/// client parses every time with one format. Formatted by hand: Foundation's formatter was a tenth of
/// the gateway's CPU on a trip day's page, which carries thousands of dates.
struct InternetDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        Self.string(from: date)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = RFC3339.date(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "must be an RFC 3339 date-time such as 2026-07-14T09:30:00.000Z"))
        }
        return date
    }

    /// For the JSON the gateway writes itself (streams, sockets, its own routes): the same format.
    static var jsonStrategy: JSONEncoder.DateEncodingStrategy {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(string(from: date))
        }
    }

    static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000)
        let fraction = Int(milliseconds - Int64(seconds) * 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        // Outside what RFC 3339 can write, the nearest time it can (nothing stored is out there).
        guard (1...9999).contains(year) else { return year < 1 ? "0001-01-01T00:00:00.000Z" : "9999-12-31T23:59:59.999Z" }
        // Written into the string's own storage: no piece is a string of its own.
        return String(unsafeUninitializedCapacity: 24) { text in
            func put(_ value: Int, _ count: Int, at start: Int) {
                var value = value
                for index in (start..<start + count).reversed() {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            put(Int(parts.tm_mon) + 1, 2, at: 5)
            put(Int(parts.tm_mday), 2, at: 8)
            put(Int(parts.tm_hour), 2, at: 11)
            put(Int(parts.tm_min), 2, at: 14)
            put(Int(parts.tm_sec), 2, at: 17)
            put(fraction, 3, at: 20)
            (text[4], text[7], text[10], text[13], text[16], text[19], text[23]) =
                (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "Z"))
            return 24
        }
    }
}
