/// The feed routes in the OpenAPI document.
enum FeedOperations {
    private static let page: [APIOperation.QueryParameter] = [
        .init(name: "pageSize", description: "1 to 100, default 20", schema: ["type": "integer", "minimum": 1, "maximum": 100]),
        .init(name: "pageToken", description: "`nextPageToken` of the previous page"),
    ]

    private static let sort = APIOperation.QueryParameter(
        name: "sort", description: "recent; top_week, top_month, top_all_time (score: a like or comment 10 points, a view 1); trending",
        schema: JSONSchema.enumeration(["recent", "top_week", "top_month", "top_all_time", "trending"]))
    private static func point(required: Bool) -> [APIOperation.QueryParameter] {
        [.init(name: "lat", description: "Latitude of the centre", schema: JSONSchema.number, required: required),
         .init(name: "lng", description: "Longitude of the centre", schema: JSONSchema.number, required: required),
         .init(name: "radius", description: "Metres from the centre, 1 to 50,000 (default 1,000)", schema: JSONSchema.number)]
    }
    private static let filters: [APIOperation.QueryParameter] = [
        .init(name: "q", description: "Words that must all appear in the text (\"a phrase\", `or`, `-word` work)"),
        .init(name: "tag", description: "One hashtag, with or without #"),
        .init(name: "author", description: "The author's user id", schema: JSONSchema.uuid),
        .init(name: "place", description: "Part of the place's name, any case"),
    ]

    static let all: [APIOperation] = stories + [
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

    static let stories: [APIOperation] = [
        APIOperation(method: "POST", path: "/v1/stories", id: "createStory",
                     summary: "Pin a public story to a place (send an `Idempotency-Key` header to retry safely)",
                     tag: "stories", authenticated: true, request: "StoryRequest", status: 201, response: "Post", errors: []),
        APIOperation(method: "POST", path: "/v1/posts", id: "createFollowersPost",
                     summary: "Post to your followers only (send an `Idempotency-Key` header to retry safely)",
                     tag: "stories", authenticated: true, request: "PostRequest", status: 201, response: "Post", errors: []),
        APIOperation(method: "GET", path: "/v1/stories/nearby", id: "listNearbyStories",
                     summary: "Stories within a distance of a point, newest first unless `sort` says otherwise",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage", query: point(required: true) + [sort] + filters + page,
                     errors: []),
        APIOperation(method: "GET", path: "/v1/stories/map", id: "listStoriesOnMap",
                     summary: "Stories inside a map's visible box (`west` > `east` spans the antimeridian), trending first unless `sort` says otherwise",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage",
                     query: ["south", "west", "north", "east"].map { .init(name: $0, description: "Edge of the box in degrees", schema: JSONSchema.number, required: true) }
                        + [sort] + filters + page,
                     errors: []),
        APIOperation(method: "GET", path: "/v1/stories/trending", id: "listTrendingStories",
                     summary: "Explore: stories by hot rank (score decayed by age, recomputed in the background), everywhere or near a point",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage", query: point(required: false) + filters + page, errors: []),
        APIOperation(method: "GET", path: "/v1/stories/search", id: "searchStories",
                     summary: "Stories by text, tag, author or place name (at least one), optionally near a point; newest first unless `sort` says otherwise",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage", query: filters + point(required: false) + [sort] + page,
                     errors: []),
        APIOperation(method: "PUT", path: "/v1/posts/{id}/save", id: "savePost",
                     summary: "Bookmark a story or followers post you may read (repeating is harmless)",
                     tag: "stories", authenticated: true, status: 200, response: "Post", errors: [404]),
        APIOperation(method: "DELETE", path: "/v1/posts/{id}/save", id: "unsavePost", summary: "Remove your bookmark (harmless when there is none)",
                     tag: "stories", authenticated: true, status: 204, errors: []),
        APIOperation(method: "GET", path: "/v1/me/saved", id: "listSavedPosts", summary: "Your bookmarks, most recently saved first",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage", query: page, errors: []),
        APIOperation(method: "PUT", path: "/v1/places/follow", id: "followPlace",
                     summary: "Follow a place: stories within its radius reach your timeline. The same position again changes the name and radius",
                     tag: "stories", authenticated: true, request: "FollowPlaceRequest", status: 200, response: "FollowedPlace", errors: []),
        APIOperation(method: "DELETE", path: "/v1/places/follow", id: "unfollowPlace",
                     summary: "Stop following the place at that position (as followed, to 5 decimals; harmless when not followed)",
                     tag: "stories", authenticated: true, status: 204,
                     query: [.init(name: "lat", description: "Latitude", schema: JSONSchema.number, required: true),
                             .init(name: "lng", description: "Longitude", schema: JSONSchema.number, required: true)],
                     errors: []),
        APIOperation(method: "GET", path: "/v1/me/places", id: "listFollowedPlaces", summary: "The places you follow, most recent first",
                     tag: "stories", authenticated: true, status: 200, response: "FollowedPlacePage", query: page, errors: []),
        APIOperation(method: "GET", path: "/v1/me/timeline", id: "getTimeline",
                     summary: "Home timeline, newest first: your and followed users' stories and followers posts, and stories near the places you follow",
                     tag: "stories", authenticated: true, status: 200, response: "PostPage", query: page, errors: []),
    ]

    /// How the live chat socket talks, for the OpenAPI document and the README.
    static let liveChatProtocol = """
        Connect with the usual `Authorization: Bearer` header and an `Upgrade: websocket` request. The server only sends; \
        each text frame is one JSON object. `{"type":"live"}` comes once, when every message after `after` has been sent \
        and new ones follow as the feed accepts them; each message is `{"type":"message","message":{…}}` (a `ChatMessage`), \
        in `sequence` order, each exactly once. The server closes the socket with 4403 NO_LONGER_MEMBER (you left, moved \
        out, were removed or banned), 4404 EVENT_ENDED, 4429 SLOW_CONSUMER (you fell more than the buffer behind: connect \
        again with `after` = the last sequence you have), 4503 SHUTTING_DOWN (the feed replica is stopping) or 1001 (the \
        gateway is stopping): after either, reconnect the same way. The \
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
        "StoryRequest": S.object([
            "text": S.string("Up to 5,000 characters; #hashtags become tags. A story needs text or media.", maxLength: 5000),
            "mediaIds": ["type": "array", "items": S.uuid, "maxItems": 10],
            "place": S.ref("Place"),
        ], required: ["place"]),
        "Place": S.object(["latitude": S.number("Degrees, -90 to 90"), "longitude": S.number("Degrees, -180 to 180"),
                           "name": S.string("1 to 120 characters", minLength: 1, maxLength: 120)],
                          required: ["latitude", "longitude", "name"]),
        "FollowPlaceRequest": S.object([
            "latitude": S.number("Degrees, -90 to 90"), "longitude": S.number("Degrees, -180 to 180"),
            "name": S.string("1 to 120 characters", minLength: 1, maxLength: 120),
            "radiusMeters": S.number("10 to 5,000; 200 when absent", minimum: 10, maximum: 5000),
        ], required: ["latitude", "longitude", "name"]),
        "FollowedPlace": S.object([
            "placeId": S.uuid, "latitude": S.number("Rounded to 5 decimals"), "longitude": S.number("Rounded to 5 decimals"),
            "name": S.string, "radiusMeters": S.number, "createdAt": S.dateTime,
        ], required: ["placeId", "latitude", "longitude", "name", "radiusMeters", "createdAt"]),
        "FollowedPlacePage": S.object(["places": S.array(of: S.ref("FollowedPlace")), "nextPageToken": S.string("Absent on the last page")],
                                      required: ["places"]),
        "Post": S.object([
            "postId": S.uuid, "authorId": S.uuid,
            "audience": S.enumeration(["event", "place", "followers"], "Who may read it: an event's members, anyone (a story), the author's followers"),
            "eventId": S.string("Set for a post in an event", format: "uuid"),
            "place": S.ref("Place"),
            "text": S.string, "mediaIds": S.array(of: S.uuid), "tags": S.array(of: S.string),
            "createdAt": S.dateTime, "editedAt": S.dateTime,
            "likeCount": S.int64, "commentCount": S.int64, "viewCount": S.int64, "likedByMe": S.bool, "savedByMe": S.bool,
        ], required: ["postId", "authorId", "audience", "text", "mediaIds", "tags", "createdAt", "likeCount", "commentCount", "viewCount",
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
