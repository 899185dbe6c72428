import Foundation

/// What the tus resumable upload protocol 1.0 fixes, as `ResumableUploadRoutes` speaks it.
enum TusProtocol {
    static let version = "1.0.0"
    static let extensions = "creation,termination,expiration,checksum"
    /// The only body a `PATCH` may carry.
    static let offsetStream = "application/offset+octet-stream"
    /// The size of the pieces bytes are sent on in to media.
    static let chunkSize = 256 * 1024

    /// An HTTP date (RFC 9110), as `Upload-Expires` has it: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
