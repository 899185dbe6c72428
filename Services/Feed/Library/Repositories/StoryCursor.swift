import Foundation
import RoamRuntime

/// Cursors of the story orders: the sort value of the last story, then its id.
enum StoryCursor {
    static func decode(_ token: String?) throws(RoamError) -> (value: Double, id: UUID)? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let value = Double(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return (value, id)
    }

    static func encode(value: Double, id: UUID) -> String {
        PageCursor.encode([String(value), id.uuidString])
    }
}
