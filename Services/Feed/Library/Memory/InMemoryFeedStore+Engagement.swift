import Foundation
import RoamRuntime

extension InMemoryFeedStore {
    public func like(_ subject: Subject, by user: UUID, at time: Date, telling notice: LikeNotice?) async throws -> Bool {
        guard subjectExists(subject) else { return false }
        guard likes[subject]?[user] == nil else { return false }
        likes[subject, default: [:]][user] = time
        if let notice { publicationQueue.add([notice.publication(count: likes[subject]?.count ?? 0)], at: time) }
        return true
    }

    public func unlike(_ subject: Subject, by user: UUID) async throws -> Bool {
        likes[subject]?.removeValue(forKey: user) != nil
    }

    public func unlikeAll(by user: UUID) async throws -> Int {
        var count = 0
        for subject in likes.keys where likes[subject]?.removeValue(forKey: user) != nil { count += 1 }
        return count
    }

    public func likers(of subject: Subject, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Like> {
        let after = try TimedCursor.decode(page.cursor)
        let listed = (likes[subject] ?? [:]).filter { !hidden.contains($0.key) }
            .map { Like(userID: $0.key, likedAt: $0.value) }
            .sorted { TimedCursor(time: $0.likedAt, id: $0.userID) > TimedCursor(time: $1.likedAt, id: $1.userID) }
            .filter { like in after.map { TimedCursor(time: like.likedAt, id: like.userID) < $0 } ?? true }
        return Page(fetched: listed, size: page.size) { TimedCursor(time: $0.likedAt, id: $0.userID).token }
    }

    public func likedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post> {
        let after = try TimedCursor.decode(page.cursor)
        let listed = likes.compactMap { subject, likers -> (post: Post, cursor: TimedCursor)? in
            guard subject.kind == .post, let time = likers[user], let post = posts[subject.id], !hiddenAuthors.contains(post.authorID) else {
                return nil
            }
            return (post, TimedCursor(time: time, id: post.id))
        }
        .sorted { $0.cursor > $1.cursor }
        .filter { liked in after.map { liked.cursor < $0 } ?? true }
        return Page(fetched: listed, size: page.size) { $0.cursor.token }.map(\.post)
    }

    public func engagement(of kind: Subject.Kind, ids: [UUID], viewer: UUID) async throws -> [UUID: Engagement] {
        var result: [UUID: Engagement] = [:]
        for id in ids where subjectExists(Subject(kind, id)) {
            let likers = likes[Subject(kind, id)] ?? [:]
            let comments = kind != .comment ? comments.values.count { $0.subject == Subject(kind, id) && !$0.isDeleted && $0.takedown == nil } : 0
            result[id] = Engagement(
                likes: likers.count, comments: comments, views: kind == .post ? views[id] ?? 0 : 0,
                likedByMe: likers[viewer] != nil, savedByMe: kind == .post && saves[viewer]?[id] != nil)
        }
        return result
    }
}
