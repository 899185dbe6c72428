import Foundation

/// One frame of an event's live chat, encoded once for every socket it goes to.
struct ChatLine: Sendable {
    /// A message's sequence; nil for news of the feed.
    var sequence: Int64?
    /// Whose it is, so a reader who blocks them (or is blocked) does not get it.
    var authorID: UUID?
    var text: String

    func isShown(to hidden: Set<UUID>) -> Bool {
        authorID.map { !hidden.contains($0) } ?? true
    }
}
