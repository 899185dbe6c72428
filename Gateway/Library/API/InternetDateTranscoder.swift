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
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return "\(digits(parts.tm_year + 1900, 4))-\(digits(parts.tm_mon + 1, 2))-\(digits(parts.tm_mday, 2))T"
            + "\(digits(parts.tm_hour, 2)):\(digits(parts.tm_min, 2)):\(digits(parts.tm_sec, 2))Z"
    }

    func decode(_ text: String) throws -> Date {
        try ISO8601DateTranscoder.iso8601.decode(text)
    }
}
