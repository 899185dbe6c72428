import Foundation
import RoamCore

/// Where a case stands in the queue: open before resolved, then the first reported first. Its page
/// token is the last case's position.
public struct QueuePosition: Sendable, Comparable {
    public var resolved: Bool
    /// Microseconds since 1970, as PostgreSQL keeps the time.
    public var firstReported: Int64
    public var id: UUID

    public init(of found: ModerationCase) {
        resolved = found.status == .resolved
        firstReported = Int64((found.firstReportedAt.timeIntervalSince1970 * 1_000_000).rounded())
        id = found.id
    }

    public init(cursor token: String) throws(RoamError) {
        let parts = try PageCursor.decode(token, count: 3)
        guard let micros = Int64(parts[1]), let id = UUID(uuidString: parts[2]), parts[0] == "0" || parts[0] == "1" else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        resolved = parts[0] == "1"
        firstReported = micros
        self.id = id
    }

    public var cursor: String { PageCursor.encode([resolved ? "1" : "0", String(firstReported), id.lowercasedString]) }

    public static func < (lhs: QueuePosition, rhs: QueuePosition) -> Bool {
        (lhs.resolved ? 1 : 0, lhs.firstReported, lhs.id.uuidString) < (rhs.resolved ? 1 : 0, rhs.firstReported, rhs.id.uuidString)
    }
}
