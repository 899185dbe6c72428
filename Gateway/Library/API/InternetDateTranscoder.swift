import Foundation
#if canImport(Glibc)
import Glibc
#endif
import OpenAPIRuntime

/// RFC 3339 dates in whole seconds (`2026-07-14T09:30:00Z`), as the runtime's ISO 8601 transcoder writes
/// them, but formatted by hand: Foundation's formatter was a tenth of the gateway's CPU on a trip day's
/// page, which carries thousands of dates. Reading still goes through the runtime's.
struct InternetDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        // To the millisecond first, then whole seconds, as Foundation's formatter does.
        var seconds = time_t(((date.timeIntervalSince1970 * 1_000).rounded() / 1_000).rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else { return try ISO8601DateTranscoder.iso8601.encode(date) }
        // Written into the string's own storage: no piece is a string of its own.
        return String(unsafeUninitializedCapacity: 20) { text in
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
            (text[4], text[7], text[10], text[13], text[16], text[19]) =
                (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
            return 20
        }
    }

    func decode(_ text: String) throws -> Date {
        try ISO8601DateTranscoder.iso8601.decode(text)
    }
}
