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
    ]
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
        ], required: ["postId", "authorId", "text", "mediaIds", "tags", "createdAt"]),
        "PostPage": S.object(["posts": S.array(of: S.ref("Post")), "nextPageToken": S.string("Absent on the last page")],
                             required: ["posts"]),
    ]
}
