import RoamAPI
import RoamProto

/// One text frame of `/v1/events/{id}/chat/live`: `{"type":"live"}` once caught up, then
/// `{"type":"message","message":{…}}` for each message, and between them news of the event's feed:
/// `{"type":"post","post":{…}}` (a new post), `{"type":"comment","comment":{…}}` (a new comment or
/// reply) and `{"type":"likes","subject":"post/…","likeCount":N}` (a like count changed).
struct ChatFrame: Encodable {
    var type: String
    var message: Components.Schemas.ChatMessage?
    var post: Components.Schemas.Post?
    var comment: Components.Schemas.Comment?
    var subject: String?
    var likeCount: Int64?

    init(type: String, message: Components.Schemas.ChatMessage? = nil) {
        self.type = type
        self.message = message
    }

    /// Nil for an update of a kind this gateway does not know.
    init?(_ update: Roam_Feed_V1_FeedUpdate, links: MediaLinkMaker) {
        switch update.update {
        case .post(let post):
            self.init(type: "post")
            self.post = .init(post, links: links)
        case .comment(let comment):
            self.init(type: "comment")
            self.comment = .init(comment)
        case .likes(let likes):
            self.init(type: "likes")
            subject = likes.subject
            likeCount = likes.likeCount
        case nil:
            return nil
        }
    }
}
