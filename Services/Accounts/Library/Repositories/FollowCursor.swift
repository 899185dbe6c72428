import Foundation
import RoamRuntime

/// Position in a followers/following listing: the follow time and user id of the last row returned.
struct FollowCursor: Comparable {
    var time: Date
    var userID: UUID

    init(time: Date, userID: UUID) {
        // Microseconds, as PostgreSQL stores them, so both stores agree on order and cursors.
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
        self.userID = userID
    }

    init(token: String) throws(RoamError) {
        let parts = try PageCursor.decode(token, count: 2)
        guard let micros = Int64(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        self.init(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), userID: id)
    }

    var microseconds: Int64 { Int64((time.timeIntervalSince1970 * 1_000_000).rounded()) }

    var token: String { PageCursor.encode([String(microseconds), userID.uuidString]) }

    static func < (lhs: FollowCursor, rhs: FollowCursor) -> Bool {
        (lhs.microseconds, lhs.userID.uuidString.lowercased()) < (rhs.microseconds, rhs.userID.uuidString.lowercased())
    }
}
