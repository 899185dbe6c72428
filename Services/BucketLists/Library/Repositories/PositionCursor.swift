import Foundation
import RoamCore

/// Where a page of a list's items ended: the last item's position and id (positions are the order the
/// owner set, 0 first).
struct PositionCursor: Comparable, Sendable {
    var position: Int
    var id: UUID

    static func decode(_ token: String?) throws(RoamError) -> PositionCursor? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let position = Int(parts[0]), position >= 0, let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return PositionCursor(position: position, id: id)
    }

    var token: String { PageCursor.encode([String(position), id.uuidString]) }

    static func < (lhs: PositionCursor, rhs: PositionCursor) -> Bool {
        (lhs.position, lhs.id.uuidString) < (rhs.position, rhs.id.uuidString)
    }
}
