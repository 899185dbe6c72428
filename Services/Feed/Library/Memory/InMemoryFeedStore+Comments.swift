import Foundation
import RoamRuntime

extension InMemoryFeedStore {
    public func addComment(_ comment: Comment, idempotencyKey: String?, telling notice: Publication?) async throws -> Comment {
        let key = idempotencyKey.map { "\(comment.authorID?.uuidString ?? "")/\($0)" }
        if let key, let existing = commentKeys[key], let stored = comments[existing] {
            try fingerprints.checkReplay("comment/\(key)")
            return stored
        }
        guard subjectExists(comment.subject), comment.parentID.map({ comments[$0]?.isDeleted == false }) ?? true else {
            throw comment.parentID == nil ? FeedError.postNotFound : FeedError.commentNotFound
        }
        comments[comment.id] = comment
        if let notice { publicationQueue.add([notice], at: comment.createdAt) }
        if let key {
            commentKeys[key] = comment.id
            fingerprints.remember("comment/\(key)")
        }
        return comment
    }

    public func comment(id: UUID) async throws -> Comment? {
        comments[id]
    }

    public func comments(on subject: Subject, page: PageRequest) async throws -> Page<Comment> {
        let after = try CommentCursor.decode(page.cursor)
        let listed = comments.values.filter { $0.subject == subject }
            .sorted { $0.id.uuidString < $1.id.uuidString }
            .filter { comment in after.map { comment.id.uuidString > $0.uuidString } ?? true }
        return Page(fetched: listed, size: page.size, cursor: CommentCursor.encode(after:))
    }

    public func updateComment(id: UUID, text: String, at time: Date) async throws -> Comment? {
        guard var comment = comments[id], !comment.isDeleted else { return nil }
        comment.text = text
        comment.editedAt = time
        comments[id] = comment
        return comment
    }

    public func deleteComment(id: UUID) async throws -> Bool {
        guard var comment = comments[id], !comment.isDeleted else { return false }
        likes[.comment(id)] = nil
        reports = reports.filter { $0.value.subject != .comment(id) }
        if comments.values.contains(where: { $0.parentID == id }) {
            comment.isDeleted = true
            comment.authorID = nil
            comment.text = ""
            comment.editedAt = nil
            comment.takedown = nil
            comments[id] = comment
        } else {
            forget(comment: id)
            // A tombstone whose last reply went has nothing left to hold up.
            var parent = comment.parentID
            while let id = parent, let above = comments[id], above.isDeleted, !comments.values.contains(where: { $0.parentID == id }) {
                comments[id] = nil
                parent = above.parentID
            }
        }
        return true
    }

    public func setTakedown(ofComment id: UUID, _ takedown: Takedown?) async throws -> Comment? {
        guard var comment = comments[id], !comment.isDeleted else { return nil }
        comment.takedown = takedown
        comments[id] = comment
        return comment
    }

    public func commentIDs(by author: UUID) async throws -> [UUID] {
        comments.values.filter { $0.authorID == author && !$0.isDeleted }.map(\.id)
    }

    func forget(comment id: UUID) {
        comments[id] = nil
        likes[.comment(id)] = nil
        reports = reports.filter { $0.value.subject != .comment(id) }
        commentKeys = commentKeys.filter { $0.value != id }
    }

    func subjectExists(_ subject: Subject) -> Bool {
        switch subject.kind {
        case .post: posts[subject.id] != nil
        case .comment: comments[subject.id]?.isDeleted == false
        // Kept elsewhere: the service has asked its owner.
        case .activity, .bucketItem, .walk: true
        }
    }
}
