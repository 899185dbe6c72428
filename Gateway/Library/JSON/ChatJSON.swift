import Foundation
import RoamProto

// The JSON of the chat routes and of the live chat's WebSocket frames.

struct ChatBody: Decodable {
    /// 1 to 2,000 characters.
    var text: String
}

struct ChatMessageJSON: Codable {
    var messageId: String
    var eventId: String
    /// 1, 2, 3… per event in the order the feed accepted them.
    var sequence: Int64
    var authorId: String
    var text: String
    var sentAt: Date

    init(_ message: Roam_Feed_V1_ChatMessage) {
        messageId = message.messageID
        eventId = message.eventID
        sequence = message.sequence
        authorId = message.authorID
        text = message.text
        sentAt = message.sentAt.date
    }
}

struct ChatPageJSON: Codable {
    var messages: [ChatMessageJSON]
    var nextPageToken: String?
}

/// One text frame of `/v1/events/{id}/chat/live`: `{"type":"live"}` once caught up, then
/// `{"type":"message","message":{…}}` for each message.
struct ChatFrameJSON: Codable {
    var type: String
    var message: ChatMessageJSON?
}
