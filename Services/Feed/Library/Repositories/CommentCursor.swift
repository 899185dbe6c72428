import Foundation
import RoamRuntime

/// Oldest-first listings page by the time-ordered comment id.
enum CommentCursor {
    static func decode(_ token: String?) throws(RoamError) -> UUID? {
        try PostCursor.decode(token)
    }

    static func encode(after comment: Comment) -> String {
        PageCursor.encode([comment.id.uuidString])
    }
}
