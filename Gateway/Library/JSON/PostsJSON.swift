import Foundation
import RoamProto

// The JSON the post routes accept and return.

struct PostBody: Decodable {
    /// Up to 5,000 characters; a post needs text or media.
    var text: String?
    /// Up to 10 media ids.
    var mediaIds: [String]?
}

struct PlaceJSON: Codable {
    var latitude: Double
    var longitude: Double
    var name: String
}

struct PostJSON: Codable {
    var postId: String
    var authorId: String
    /// `event`, `place` (a story) or `followers`.
    var audience: String
    /// Set for a post in an event.
    var eventId: String?
    /// Set for a story at a place.
    var place: PlaceJSON?
    var text: String
    var mediaIds: [String]
    var tags: [String]
    var createdAt: Date
    var editedAt: Date?
    var likeCount: Int64
    var commentCount: Int64
    var viewCount: Int64
    var likedByMe: Bool
    var savedByMe: Bool

    init(_ post: Roam_Feed_V1_Post) {
        postId = post.postID
        authorId = post.authorID
        switch post.audience.target {
        case .eventID(let id):
            audience = "event"
            eventId = id
        case .place(let place):
            audience = "place"
            self.place = PlaceJSON(latitude: place.position.latitude, longitude: place.position.longitude, name: place.name)
        case .followers, nil:
            audience = "followers"
        }
        text = post.text
        mediaIds = post.mediaIds
        tags = post.tags
        createdAt = post.createdAt.date
        editedAt = post.hasEditedAt ? post.editedAt.date : nil
        likeCount = post.engagement.likes
        commentCount = post.engagement.comments
        viewCount = post.engagement.views
        likedByMe = post.engagement.likedByMe
        savedByMe = post.engagement.savedByMe
    }
}

struct PostPageJSON: Codable {
    var posts: [PostJSON]
    var nextPageToken: String?

    init(posts: [PostJSON], nextPageToken: String?) {
        self.posts = posts
        self.nextPageToken = nextPageToken
    }

    init(_ response: Roam_Feed_V1_ListPostsResponse) {
        self.init(posts: response.posts.map(PostJSON.init), nextPageToken: .pageToken(response.page))
    }
}
