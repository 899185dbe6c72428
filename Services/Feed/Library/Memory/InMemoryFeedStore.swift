import Foundation
import RoamRuntime

/// Posts in memory, for tests and `ROAM_IN_MEMORY=true`; behaves as the PostgreSQL store does.
public actor InMemoryFeedStore: FeedStore {
    var posts: [UUID: Post] = [:]
    /// "author id/key" → post id.
    var idempotencyKeys: [String: UUID] = [:]
    /// "kind/author id/key" → the fingerprint of the request that used the key first.
    var fingerprints = IdempotencyFingerprints()
    var comments: [UUID: Comment] = [:]
    /// "author id/key" → comment id.
    var commentKeys: [String: UUID] = [:]
    /// Who liked each subject, and when.
    var likes: [Subject: [UUID: Date]] = [:]
    /// Each event's chat, in sequence order.
    var chats: [UUID: [ChatMessage]] = [:]
    /// "author id/key" → (event, sequence).
    var chatKeys: [String: (event: UUID, sequence: Int64)] = [:]
    var reports: [UUID: ContentReport] = [:]
    /// Each story's viewers: the last day counted and how many views; and each story's count.
    var viewers: [UUID: [UUID: (lastDay: String, views: Int)]] = [:]
    var views: [UUID: Int] = [:]
    /// Written by `refreshTrending`, as the PostgreSQL store's column is.
    var hotRanks: [UUID: Double] = [:]
    /// user → post → when saved.
    var saves: [UUID: [UUID: Date]] = [:]
    /// user → followed places.
    var followedPlaces: [UUID: [FollowedPlace]] = [:]
    /// Comments, replies and likes to be told to their owners.
    public nonisolated let publicationQueue = InMemoryPublicationQueue()
    public nonisolated var publications: any PublicationQueue { publicationQueue }

    public init() {}

    public func forgetNotices(to user: UUID) async throws { publicationQueue.forget(user: user) }

    public func create(_ post: Post, idempotencyKey: String?) async throws -> Post {
        let key = idempotencyKey.map { "\(post.authorID)/\($0)" }
        if let key, let existing = idempotencyKeys[key], let stored = posts[existing] {
            try fingerprints.checkReplay("post/\(key)")
            return stored
        }
        posts[post.id] = post
        if post.isStory { hotRanks[post.id] = StoryScore.hotRank(points: 0, age: 0) }
        if let key {
            idempotencyKeys[key] = post.id
            fingerprints.remember("post/\(key)")
        }
        return post
    }

    public func post(id: UUID) async throws -> Post? {
        posts[id]
    }

    public func storyCount(by author: UUID) async throws -> Int {
        posts.values.count { $0.authorID == author && $0.isStory }
    }

    public func posts(inEvent event: UUID, page: PageRequest) async throws -> Page<Post> {
        let after = try PostCursor.decode(page.cursor)
        let listed = posts.values.filter { $0.audience.eventID == event }
            .sorted { $0.id.uuidString > $1.id.uuidString }
            .filter { post in after.map { post.id.uuidString < $0.uuidString } ?? true }
        return Page(fetched: listed, size: page.size, cursor: PostCursor.encode(after:))
    }

    public func update(id: UUID, _ changes: PostChanges, at time: Date) async throws -> Post? {
        guard var post = posts[id] else { return nil }
        post.text = changes.text
        post.mediaIDs = changes.mediaIDs
        post.tags = changes.tags
        post.title = changes.title ?? post.title
        if let place = changes.place, post.isStory { post.audience = .place(place) }
        post.editedAt = time
        posts[id] = post
        return post
    }

    public func setTakedown(ofPost id: UUID, _ takedown: Takedown?) async throws -> Post? {
        guard posts[id] != nil else { return nil }
        posts[id]?.takedown = takedown
        return posts[id]
    }

    public func delete(id: UUID) async throws -> Bool {
        guard posts.removeValue(forKey: id) != nil else { return false }
        idempotencyKeys = idempotencyKeys.filter { $0.value != id }
        likes[.post(id)] = nil
        views[id] = nil
        hotRanks[id] = nil
        viewers[id] = nil
        for user in saves.keys { saves[user]?[id] = nil }
        reports = reports.filter { $0.value.subject != .post(id) }
        for comment in comments.values where comment.subject == .post(id) { forget(comment: comment.id) }
        return true
    }

    public func deletePosts(by author: UUID) async throws -> Int {
        let doomed = posts.values.filter { $0.authorID == author }.map(\.id)
        for id in doomed { _ = try await delete(id: id) }
        return doomed.count
    }

    public func deletePosts(inEvent event: UUID) async throws -> Int {
        let doomed = posts.values.filter { $0.audience.eventID == event }.map(\.id)
        for id in doomed { _ = try await delete(id: id) }
        return doomed.count
    }
}
