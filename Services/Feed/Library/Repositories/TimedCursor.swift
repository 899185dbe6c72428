import Foundation
import RoamRuntime

/// Position in a listing ordered by a time, newest first, then by id: the last row's time and id.
struct TimedCursor: Comparable {
    var time: Date
    var id: UUID

    init(time: Date, id: UUID) {
        // Microseconds, as PostgreSQL stores them, so both stores agree on order and cursors.
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
        self.id = id
    }

    static func decode(_ token: String?) throws(RoamError) -> TimedCursor? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let micros = Int64(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return TimedCursor(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id)
    }

    var microseconds: Int64 { Int64((time.timeIntervalSince1970 * 1_000_000).rounded()) }

    var token: String { PageCursor.encode([String(microseconds), id.uuidString]) }

    static func < (lhs: TimedCursor, rhs: TimedCursor) -> Bool {
        (lhs.microseconds, lhs.id.uuidString) < (rhs.microseconds, rhs.id.uuidString)
    }
}
