import Foundation

/// Something new in an event's feed, as the members reading its chat receive it.
public enum FeedUpdate: Sendable, Equatable {
    case post(Post)
    case comment(Comment)
    case likes(Subject, count: Int)

    /// Whose it is, for leaving out authors the reader blocks or is blocked by.
    var authorID: UUID? {
        switch self {
        case .post(let post): post.authorID
        case .comment(let comment): comment.authorID
        case .likes: nil
        }
    }
}
