import Foundation
import RoamCore

/// What the feed tells people through the notifications service: a comment on what they posted, a
/// reply to their comment, likes on either (gathered per subject: "Ada and 3 others liked your story").
/// Nobody hears of their own doing, or of someone they hid (a block either way). The store queues each
/// with the change it tells of.
extension FeedService {
    /// A new comment's news (or a reply's): its subject's owner hears of a comment, the answered comment's author of a reply.
    func commentNotice(_ comment: Comment, to target: NoticeTarget, answering parent: Comment?) async -> Publication? {
        guard let author = comment.authorID, await mayNotify(target.owner, of: author) else { return nil }
        let kind = parent == nil ? "comment" : "reply"
        var data = [
            "subjectKind": parent == nil ? target.kind : comment.subject.kind.rawValue,
            "subjectId": comment.subject.id.lowercasedString, "commentId": comment.id.lowercasedString, "actorId": author.lowercasedString,
            "text": String(comment.text.prefix(Self.noticeTextLength)),
        ]
        if let parent { data["parentId"] = parent.id.lowercasedString }
        return Publication(
            userID: target.owner, kind: kind, key: "\(kind):\(comment.id.lowercasedString)", data: data,
            threadID: "\(comment.subject.kind.rawValue):\(comment.subject.id.lowercasedString)", at: comment.createdAt)
    }

    /// A new like's news, gathered with the subject's other likes in its owner's unread notification.
    func likeNotice(of subject: Subject, to target: NoticeTarget, by user: UUID, at time: Date) async -> LikeNotice? {
        guard await mayNotify(target.owner, of: user) else { return nil }
        return LikeNotice(owner: target.owner, subject: subject, subjectKind: target.kind, liker: user, at: time)
    }

    /// Whether `owner` may hear of what `actor` did: not their own, and not someone hidden from them.
    func mayNotify(_ owner: UUID, of actor: UUID) async -> Bool {
        guard owner != actor else { return false }
        guard let relations = try? await graph.relations(of: owner) else { return true }
        return !relations.hidden.contains(actor)
    }

    /// How much of a comment a notification quotes.
    static let noticeTextLength = 200
}
