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

/// Something readers see together with its engagement; reads through to the item's own properties.
@dynamicMemberLookup
public struct Engaged<Item: Sendable & Equatable>: Sendable, Equatable {
    public var item: Item
    public var engagement: Engagement

    public init(_ item: Item, _ engagement: Engagement = Engagement()) {
        self.item = item
        self.engagement = engagement
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<Item, Value>) -> Value {
        item[keyPath: keyPath]
    }
}
