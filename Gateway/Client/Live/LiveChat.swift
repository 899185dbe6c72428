import RoamAPI

/// What an event's live chat delivers, as `RoamSession.chat(eventID:after:)` reads it.
public enum LiveChat: Sendable {
    /// Every message after the one asked for has come; new ones follow as they are sent. Comes again
    /// after each reconnection.
    case live
    /// A message, in `sequence` order, each exactly once across reconnections.
    case message(Components.Schemas.ChatMessage)
    /// A new post in the event's feed (live only: not replayed after a reconnection).
    case post(Components.Schemas.Post)
    /// A new comment or reply on one of its posts (live only).
    case comment(Components.Schemas.Comment)
    /// A post's or comment's like count changed (`subject` is `post/<id>` or `comment/<id>`; live only).
    case likes(subject: String, likeCount: Int)
}
