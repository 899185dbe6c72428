import Foundation

extension InMemoryFeedStore {
    public func like(_ subject: Subject, by user: UUID, at time: Date) async throws -> Bool {
        guard subjectExists(subject) else { return false }
        return likes[subject, default: []].insert(user).inserted
    }

    public func unlike(_ subject: Subject, by user: UUID) async throws -> Bool {
        likes[subject]?.remove(user) != nil
    }

    public func unlikeAll(by user: UUID) async throws -> Int {
        var count = 0
        for subject in likes.keys where likes[subject]?.remove(user) != nil { count += 1 }
        return count
    }

    public func engagement(of kind: Subject.Kind, ids: [UUID], viewer: UUID) async throws -> [UUID: Engagement] {
        var result: [UUID: Engagement] = [:]
        for id in ids where subjectExists(Subject(kind, id)) {
            let likers = likes[Subject(kind, id)] ?? []
            let comments = kind != .comment ? comments.values.count { $0.subject == Subject(kind, id) && !$0.isDeleted } : 0
            result[id] = Engagement(likes: likers.count, comments: comments, views: kind == .post ? views[id] ?? 0 : 0,
                                    likedByMe: likers.contains(viewer), savedByMe: kind == .post && saves[viewer]?[id] != nil)
        }
        return result
    }
}
