/// One text frame of `/v1/events/{id}/chat/live`: `{"type":"live"}` once caught up, then
/// `{"type":"message","message":{…}}` for each message.
struct ChatFrame: Encodable {
    var type: String
    var message: Components.Schemas.ChatMessage?
}
