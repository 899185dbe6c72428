import Foundation
import RoamCore

/// The audit log's page token: the last entry's position in the order entries were recorded.
public enum AuditCursor {
    public static func token(_ position: Int64) -> String { PageCursor.encode([String(position)]) }

    public static func position(from token: String) throws(RoamError) -> Int64 {
        guard let position = Int64(try PageCursor.decode(token, count: 1)[0]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return position
    }
}
