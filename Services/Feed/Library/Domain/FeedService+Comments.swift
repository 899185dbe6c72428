import Foundation
import RoamCore

/// Comments and replies: anyone who may read the subject may comment on it; authors edit and delete
/// their own, and an event's host deletes any comment in the event.
extension FeedService {
    public func comment(on subject: Subject, text: String, by author: UUID, idempotencyKey: String?) async throws -> Engaged<Comment> {
        try Self.validate(commentText: text)
        try IdempotencyKey.check(idempotencyKey)
        guard subject.kind != .comment else { throw RoamError.invalidField("subject", "answer a comment with a reply") }
        let (event, target) = try await readableTarget(subject, reader: author)
        let time = now()
        return try await add(
            Comment(id: .v7(at: time), subject: subject, authorID: author, text: text, createdAt: time, eventID: event),
            told: target, answering: nil, idempotencyKey: idempotencyKey)
    }

    public func reply(to parentID: UUID, text: String, by author: UUID, idempotencyKey: String?) async throws -> Engaged<Comment> {
        try Self.validate(commentText: text)
        try IdempotencyKey.check(idempotencyKey)
        let parent = try await readableComment(parentID, reader: author)
        let time = now()
        return try await add(
            Comment(
                id: .v7(at: time), subject: parent.subject, parentID: parent.id, authorID: author, text: text,
                createdAt: time, eventID: parent.eventID),
            told: parent.authorID.map { NoticeTarget(owner: $0, kind: "comment") }, answering: parent, idempotencyKey: idempotencyKey)
    }

    /// The subject's whole thread, oldest first; each reply names its parent so clients can nest it.
    public func comments(on subject: Subject, reader: UUID, page: PageRequest) async throws -> Page<Engaged<Comment>> {
        _ = try await readableSubject(subject, reader: reader)
        let hidden = try await graph.relations(of: reader).hidden
        let listed = try await store.comments(on: subject, page: page)
        // Hidden after the fetch, so a page may be shorter than asked; the cursor still goes on.
        let shown = listed.items.filter { comment in comment.authorID.map { !hidden.contains($0) } ?? true }
            .map { $0.isShown(to: reader) ? $0 : $0.tombstone }
        return Page(items: try await engaged(shown, viewer: reader), nextCursor: listed.nextCursor)
    }

    /// How many live comments and replies each subject kept by another service has. The caller has read
    /// the subjects from their owner (the gateway asks after it did): no more than numbers are told.
    public func commentCounts(of subjects: [Subject], reader: UUID) async throws -> [Subject: Int] {
        var validation = Validation()
        validation.require(subjects.count <= 100, "subjects", "at most 100 at a time")
        validation.require(subjects.allSatisfy(\.kind.isExternal), "subjects", "must be activities, bucket items or walks")
        try validation.check()
        var counts: [Subject: Int] = [:]
        for (kind, kept) in Dictionary(grouping: Set(subjects), by: \.kind) {
            let engagement = try await store.engagement(of: kind, ids: kept.map(\.id), viewer: reader)
            for subject in kept { counts[subject] = engagement[subject.id]?.comments ?? 0 }
        }
        return counts
    }

    public func editComment(_ id: UUID, text: String, by author: UUID) async throws -> Engaged<Comment> {
        try Self.validate(commentText: text)
        let comment = try await readableComment(id, reader: author)
        guard comment.authorID == author else { throw FeedError.notAuthor }
        guard let updated = try await store.updateComment(id: id, text: text, at: now()) else { throw FeedError.commentNotFound }
        return try await engaged([updated], viewer: author)[0]
    }

    /// The author, or the host of the comment's event, deletes it. For anyone else, and once it is
    /// gone, there is no such comment to delete.
    public func deleteComment(_ id: UUID, by user: UUID) async throws {
        guard let comment = try await store.comment(id: id), !comment.isDeleted else { throw FeedError.commentNotFound }
        if comment.authorID != user {
            guard let event = comment.eventID, try await membership.status(of: user, in: event).isHost else {
                throw FeedError.commentNotFound
            }
        }
        _ = try await store.deleteComment(id: id)
    }

    static func validate(commentText text: String) throws(RoamError) {
        var validation = Validation()
        validation.require(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "text", "must not be empty")
        validation.require(text.count <= Comment.maxTextLength, "text", "must be at most \(Comment.maxTextLength) characters")
        validation.requireStorable(text, "text")
        validation.requireNoOverrides(text, "text")
        try validation.check()
    }

    /// Stores the comment, with its news for `target` (the subject's owner, or the answered comment's author).
    private func add(
        _ comment: Comment, told target: NoticeTarget?, answering parent: Comment?, idempotencyKey: String?
    ) async throws
        -> Engaged<Comment>
    {
        let notice = if let target { await commentNotice(comment, to: target, answering: parent) } else { Publication?.none }
        let stored = try await store.addComment(comment, idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 }, telling: notice)
        // Members reading the event's chat see it come in (a retried create showed it already).
        if stored.id == comment.id, let event = stored.eventID { await announcer.publish(.comment(stored.id), in: event) }
        return try await engaged([stored], viewer: comment.authorID ?? UUID())[0]
    }

    /// A live comment whose subject the reader may see.
    func readableComment(_ id: UUID, reader: UUID) async throws -> Comment {
        guard let comment = try await store.comment(id: id), !comment.isDeleted, comment.isShown(to: reader) else {
            throw FeedError.commentNotFound
        }
        if let author = comment.authorID, author != reader, try await graph.relations(of: reader).hidden.contains(author) {
            throw FeedError.commentNotFound
        }
        _ = try await readableSubject(comment.subject, reader: reader)
        return comment
    }

    /// Throws NOT_FOUND unless the reader may see the subject; returns the event it belongs to, if any.
    func readableSubject(_ subject: Subject, reader: UUID) async throws -> UUID? {
        try await readableTarget(subject, reader: reader).event
    }

    /// Throws NOT_FOUND unless the reader may see the subject; returns the event it belongs to, if any,
    /// and whose it is with what the app calls it (`story`, `post`, `comment`, `activity`, …), for notices.
    func readableTarget(_ subject: Subject, reader: UUID) async throws -> (event: UUID?, target: NoticeTarget?) {
        switch subject.kind {
        case .post:
            let post = try await readablePost(subject.id, reader: reader)
            let kind = if case .place = post.audience { "story" } else { "post" }
            return (post.audience.eventID, NoticeTarget(owner: post.authorID, kind: kind))
        case .comment:
            let comment = try await readableComment(subject.id, reader: reader)
            return (comment.eventID, comment.authorID.map { NoticeTarget(owner: $0, kind: "comment") })
        case .activity, .bucketItem, .walk:
            return (nil, NoticeTarget(owner: try await externalOwner(of: subject, reader: reader), kind: subject.kind.rawValue))
        }
    }

    /// Whose another service's subject is, when the reader may see it; NOT_FOUND otherwise.
    func externalOwner(of subject: Subject, reader: UUID) async throws -> UUID {
        guard let owner = try await external.owner(of: subject, reader: reader) else {
            throw RoamError.notFound(subject.kind == .activity ? "activity" : "item")
        }
        return owner
    }

    func engaged(_ comments: [Comment], viewer: UUID) async throws -> [Engaged<Comment>] {
        guard !comments.isEmpty else { return [] }
        let counts = try await store.engagement(of: .comment, ids: comments.map(\.id), viewer: viewer)
        return comments.map { Engaged($0, counts[$0.id] ?? Engagement()) }
    }
}
