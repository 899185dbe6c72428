import Foundation
import RoamRuntime

/// Newest-first chat history pages by sequence.
enum ChatCursor {
    static func decode(_ token: String?) throws(RoamError) -> Int64? {
        guard let token else { return nil }
        guard let sequence = Int64(try PageCursor.decode(token, count: 1)[0]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return sequence
    }

    static func encode(before message: ChatMessage) -> String {
        PageCursor.encode(["\(message.sequence)"])
    }
}
