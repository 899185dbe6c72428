import Foundation

/// Who hears of a comment or like on a subject, and what the app calls the subject (`story`, `post`,
/// `comment`, `activity`, `bucket_item`, `walk`).
struct NoticeTarget: Sendable {
    var owner: UUID
    var kind: String
}
