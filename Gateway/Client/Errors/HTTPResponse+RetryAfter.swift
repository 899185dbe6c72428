import Foundation
import HTTPTypes

extension HTTPResponse {
    /// The wait a `Retry-After` header asks for, in seconds or as an HTTP date; nil without one.
    var retryAfter: Duration? {
        guard let value = headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSinceNow * 1_000)))
    }
}
