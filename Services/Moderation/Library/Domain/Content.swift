import Foundation

/// A piece of content as moderators see it: what its owning service says of it, and what a case keeps
/// as it was first reported.
public struct Content: Sendable, Equatable, Codable {
    public var subject: Subject
    /// Who made it (for a user, the user).
    public var authorID: UUID
    /// What names it: a title, a name, a username.
    public var title: String
    public var text: String
    public var mediaIDs: [UUID]
    public var placeName: String
    /// What it belongs to: the event of a post in one, the list of an item, the post of a comment.
    public var parent: Subject?
    public var createdAt: Date
    /// Nil while it is up.
    public var takedown: Takedown?

    public init(
        subject: Subject, authorID: UUID, title: String = "", text: String = "", mediaIDs: [UUID] = [], placeName: String = "",
        parent: Subject? = nil, createdAt: Date, takedown: Takedown? = nil
    ) {
        self.subject = subject
        self.authorID = authorID
        self.title = title
        self.text = text
        self.mediaIDs = mediaIDs
        self.placeName = placeName
        self.parent = parent
        self.createdAt = createdAt
        self.takedown = takedown
    }
}
