/// The feed routes in the OpenAPI document.
enum FeedOperations {
    private static let page: [APIOperation.QueryParameter] = [
        .init(name: "pageSize", description: "1 to 100, default 20", schema: ["type": "integer", "minimum": 1, "maximum": 100]),
        .init(name: "pageToken", description: "`nextPageToken` of the previous page"),
    ]

    static let all: [APIOperation] = [
        APIOperation(method: "POST", path: "/v1/events/{id}/posts", id: "createEventPost",
                     summary: "Post in an event you are an active member of (send an `Idempotency-Key` header to retry safely)",
                     tag: "feed", authenticated: true, request: "PostRequest", status: 201, response: "Post", errors: [403]),
        APIOperation(method: "GET", path: "/v1/events/{id}/posts", id: "listEventPosts", summary: "An event's posts, newest first (members only)",
                     tag: "feed", authenticated: true, status: 200, response: "PostPage", query: page, errors: [403]),
        APIOperation(method: "GET", path: "/v1/posts/{id}", id: "getPost", summary: "A post you may read",
                     tag: "feed", authenticated: true, status: 200, response: "Post", errors: [404]),
        APIOperation(method: "PATCH", path: "/v1/posts/{id}", id: "updatePost", summary: "Replace your post's text and media (tags follow)",
                     tag: "feed", authenticated: true, request: "PostRequest", status: 200, response: "Post", errors: [403, 404]),
        APIOperation(method: "DELETE", path: "/v1/posts/{id}", id: "deletePost",
                     summary: "Delete your post, or any post in an event you host (idempotent)", tag: "feed", authenticated: true,
                     status: 204, errors: [403]),
        APIOperation(method: "POST", path: "/v1/posts/{id}/comments", id: "createComment",
                     summary: "Comment on a post you may read (send an `Idempotency-Key` header to retry safely)",
                     tag: "feed", authenticated: true, request: "CommentRequest", status: 201, response: "Comment", errors: [404]),
        APIOperation(method: "GET", path: "/v1/posts/{id}/comments", id: "listComments",
                     summary: "A post's comments and replies, oldest first; each reply names its parent so clients can nest it",
                     tag: "feed", authenticated: true, status: 200, response: "CommentPage", query: page, errors: [404]),
        APIOperation(method: "POST", path: "/v1/comments/{id}/replies", id: "replyToComment",
                     summary: "Reply to a comment or a reply (send an `Idempotency-Key` header to retry safely)",
                     tag: "feed", authenticated: true, request: "CommentRequest", status: 201, response: "Comment", errors: [404]),
        APIOperation(method: "PATCH", path: "/v1/comments/{id}", id: "updateComment", summary: "Change your comment's text",
                     tag: "feed", authenticated: true, request: "CommentRequest", status: 200, response: "Comment", errors: [403, 404]),
        APIOperation(method: "DELETE", path: "/v1/comments/{id}", id: "deleteComment",
                     summary: "Delete your comment, or any comment in an event you host; one with replies stays as a tombstone (idempotent)",
                     tag: "feed", authenticated: true, status: 204, errors: [403]),
        APIOperation(method: "PUT", path: "/v1/posts/{id}/like", id: "likePost", summary: "Like a post (once per user; repeating is harmless)",
                     tag: "feed", authenticated: true, status: 200, response: "Likes", errors: [404]),
        APIOperation(method: "DELETE", path: "/v1/posts/{id}/like", id: "unlikePost", summary: "Take back your like of a post",
                     tag: "feed", authenticated: true, status: 200, response: "Likes", errors: [404]),
        APIOperation(method: "PUT", path: "/v1/comments/{id}/like", id: "likeComment",
                     summary: "Like a comment or reply (once per user; repeating is harmless)",
                     tag: "feed", authenticated: true, status: 200, response: "Likes", errors: [404]),
        APIOperation(method: "DELETE", path: "/v1/comments/{id}/like", id: "unlikeComment", summary: "Take back your like of a comment",
                     tag: "feed", authenticated: true, status: 200, response: "Likes", errors: [404]),
        APIOperation(method: "POST", path: "/v1/events/{id}/chat", id: "sendChatMessage",
                     summary: "Send a chat message to an event you are an active member of (send an `Idempotency-Key` header to retry safely)",
                     tag: "chat", authenticated: true, request: "ChatRequest", status: 201, response: "ChatMessage", errors: [403]),
        APIOperation(method: "GET", path: "/v1/events/{id}/chat", id: "listChatMessages", summary: "An event's chat, newest first (members only)",
                     tag: "chat", authenticated: true, status: 200, response: "ChatPage", query: page, errors: [403]),
        APIOperation(method: "GET", path: "/v1/events/{id}/chat/live", id: "liveChat",
                     summary: "WebSocket: the event's chat as it happens (members only)",
                     description: liveChatProtocol, tag: "chat", authenticated: true, status: 101,
                     query: [.init(name: "after", description: "The last sequence you have: messages after it come first, then new ones",
                                   schema: ["type": "integer", "minimum": 0])],
                     errors: [403]),
        APIOperation(method: "POST", path: "/v1/posts/{id}/reports", id: "reportPost",
                     summary: "Report a post you may read and did not write (once; 409 ALREADY_REPORTED after that). Reports in an event reach its host; reports of stories reach the moderation list",
                     tag: "feed", authenticated: true, request: "ContentReportRequest", status: 201, response: "ContentReport", errors: [404, 409]),
        APIOperation(method: "POST", path: "/v1/comments/{id}/reports", id: "reportComment",
                     summary: "Report a comment you may read and did not write (once; 409 ALREADY_REPORTED after that)",
                     tag: "feed", authenticated: true, request: "ContentReportRequest", status: 201, response: "ContentReport", errors: [404, 409]),
        APIOperation(method: "GET", path: "/v1/events/{id}/content-reports", id: "listEventContentReports",
                     summary: "Reports of posts and comments in an event you host, newest first",
                     tag: "moderation", authenticated: true, status: 200, response: "ContentReportPage", query: page, errors: [403]),
    ]

    /// How the live chat socket talks, for the OpenAPI document and the README.
    static let liveChatProtocol = """
        Connect with the usual `Authorization: Bearer` header and an `Upgrade: websocket` request. The server only sends; \
        each text frame is one JSON object. `{"type":"live"}` comes once, when every message after `after` has been sent \
        and new ones follow as the feed accepts them; each message is `{"type":"message","message":{…}}` (a `ChatMessage`), \
        in `sequence` order, each exactly once. The server closes the socket with 4403 NO_LONGER_MEMBER (you left, moved \
        out, were removed or banned), 4404 EVENT_ENDED, 4429 SLOW_CONSUMER (you fell more than the buffer behind: connect \
        again with `after` = the last sequence you have) or 1001 (the gateway is stopping: reconnect the same way). The \
        close reason starts with the reason code. The server pings every `STREAM_HEARTBEAT`.
        """
}

/// JSON Schemas of the feed routes' bodies.
enum FeedSchemas {
    typealias S = JSONSchema

    static let all: [String: OpenAPIValue] = [
        "PostRequest": S.object([
            "text": S.string("Up to 5,000 characters; #hashtags become tags. A post needs text or media.", maxLength: 5000),
            "mediaIds": ["type": "array", "items": S.uuid, "maxItems": 10],
        ], required: []),
        "Post": S.object([
            "postId": S.uuid, "authorId": S.uuid,
            "eventId": S.string("Set for a post in an event", format: "uuid"),
            "place": S.object(["latitude": S.number, "longitude": S.number, "name": S.string], required: ["latitude", "longitude", "name"]),
            "text": S.string, "mediaIds": S.array(of: S.uuid), "tags": S.array(of: S.string),
            "createdAt": S.dateTime, "editedAt": S.dateTime,
            "likeCount": S.int64, "commentCount": S.int64, "viewCount": S.int64, "likedByMe": S.bool, "savedByMe": S.bool,
        ], required: ["postId", "authorId", "text", "mediaIds", "tags", "createdAt", "likeCount", "commentCount", "viewCount",
                      "likedByMe", "savedByMe"]),
        "PostPage": S.object(["posts": S.array(of: S.ref("Post")), "nextPageToken": S.string("Absent on the last page")],
                             required: ["posts"]),
        "CommentRequest": S.object(["text": S.string("1 to 2,000 characters", maxLength: 2000)], required: ["text"]),
        "Comment": S.object([
            "commentId": S.uuid, "subject": S.string("What the thread hangs on, as kind/id (e.g. post/…)"),
            "parentId": S.string("Set on a reply: the comment it answers", format: "uuid"),
            "authorId": S.string("Absent on a deleted comment kept for its replies", format: "uuid"),
            "text": S.string, "createdAt": S.dateTime, "editedAt": S.dateTime,
            "deleted": ["type": "boolean", "description": "True on a deleted comment kept for its replies"],
            "likeCount": S.int64, "likedByMe": S.bool,
        ], required: ["commentId", "subject", "text", "createdAt", "deleted", "likeCount", "likedByMe"]),
        "CommentPage": S.object(["comments": S.array(of: S.ref("Comment")), "nextPageToken": S.string("Absent on the last page")],
                                required: ["comments"]),
        "Likes": S.object(["likeCount": S.int64, "likedByMe": S.bool], required: ["likeCount", "likedByMe"]),
        "ContentReportRequest": S.object([
            "reason": S.enumeration(["spam", "harassment", "hate", "violence", "nudity", "misinformation", "other"]),
            "text": S.string("Up to 1,000 characters", maxLength: 1000),
        ], required: ["reason"]),
        "ContentReport": S.object([
            "reportId": S.uuid, "subject": S.string("What was reported, as kind/id"), "reporterId": S.uuid,
            "reason": S.enumeration(["spam", "harassment", "hate", "violence", "nudity", "misinformation", "other"]),
            "text": S.string, "createdAt": S.dateTime, "eventId": S.string("Absent for a story", format: "uuid"),
        ], required: ["reportId", "subject", "reporterId", "reason", "text", "createdAt"]),
        "ContentReportPage": S.object(["reports": S.array(of: S.ref("ContentReport")), "nextPageToken": S.string("Absent on the last page")],
                                      required: ["reports"]),
        "ChatRequest": S.object(["text": S.string("1 to 2,000 characters", maxLength: 2000)], required: ["text"]),
        "ChatMessage": S.object([
            "messageId": S.uuid, "eventId": S.uuid,
            "sequence": S.integer("1, 2, 3… per event, in the order the feed accepted the messages", minimum: 1),
            "authorId": S.uuid, "text": S.string, "sentAt": S.dateTime,
        ], required: ["messageId", "eventId", "sequence", "authorId", "text", "sentAt"]),
        "ChatPage": S.object(["messages": S.array(of: S.ref("ChatMessage")), "nextPageToken": S.string("Absent on the last page")],
                             required: ["messages"]),
    ]
}
