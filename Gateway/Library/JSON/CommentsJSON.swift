import Foundation
import RoamProto

// The JSON the comment and like routes accept and return.

struct CommentBody: Decodable {
    /// 1 to 2,000 characters.
    var text: String
}

struct CommentJSON: Codable {
    var commentId: String
    /// Where the thread hangs, as `kind/id` (e.g. `post/…`).
    var subject: String
    /// Set on a reply: the comment it answers.
    var parentId: String?
    /// Absent on a deleted comment kept for its replies.
    var authorId: String?
    var text: String
    var createdAt: Date
    var editedAt: Date?
    var deleted: Bool
    var likeCount: Int64
    var likedByMe: Bool

    init(_ comment: Roam_Feed_V1_Comment) {
        commentId = comment.commentID
        subject = comment.subject
        parentId = comment.parentID.isEmpty ? nil : comment.parentID
        authorId = comment.authorID.isEmpty ? nil : comment.authorID
        text = comment.text
        createdAt = comment.createdAt.date
        editedAt = comment.hasEditedAt ? comment.editedAt.date : nil
        deleted = comment.deleted
        likeCount = comment.engagement.likes
        likedByMe = comment.engagement.likedByMe
    }
}

struct CommentPageJSON: Codable {
    var comments: [CommentJSON]
    var nextPageToken: String?
}

struct LikesJSON: Codable {
    var likeCount: Int64
    var likedByMe: Bool

    init(_ engagement: Roam_Feed_V1_Engagement) {
        likeCount = engagement.likes
        likedByMe = engagement.likedByMe
    }
}
