import Foundation
import RoamRuntime

/// Newest-first listings page by the time-ordered post id.
enum PostCursor {
    static func decode(_ token: String?) throws(RoamError) -> UUID? {
        guard let token else { return nil }
        guard let id = UUID(uuidString: try PageCursor.decode(token, count: 1)[0]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return id
    }

    static func encode(after post: Post) -> String {
        PageCursor.encode([post.id.uuidString])
    }
}
