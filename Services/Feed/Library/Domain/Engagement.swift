/// How readers engaged with a post or comment, as one reader sees it.
public struct Engagement: Sendable, Equatable {
    public var likes = 0
    public var comments = 0
    public var views = 0
    public var likedByMe = false
    public var savedByMe = false

    public init(likes: Int = 0, comments: Int = 0, views: Int = 0, likedByMe: Bool = false, savedByMe: Bool = false) {
        self.likes = likes
        self.comments = comments
        self.views = views
        self.likedByMe = likedByMe
        self.savedByMe = savedByMe
    }
}
