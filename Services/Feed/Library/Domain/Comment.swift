import Foundation

/// A comment on a subject, or a reply to another comment (`parentID`). A deleted comment that still
/// has replies stays as a tombstone, without author or text, so the thread keeps its shape.
public struct Comment: Sendable, Equatable {
    public static let maxTextLength = 2000

    public var id: UUID
    public var subject: Subject
    public var parentID: UUID?
    public var authorID: UUID?
    public var text: String
    public var createdAt: Date
    public var editedAt: Date?
    public var isDeleted: Bool
    /// The event of the post commented on, so the event's end takes its comments too.
    public var eventID: UUID?

    public init(
        id: UUID, subject: Subject, parentID: UUID? = nil, authorID: UUID?, text: String, createdAt: Date,
        editedAt: Date? = nil, isDeleted: Bool = false, eventID: UUID? = nil
    ) {
        self.id = id
        self.subject = subject
        self.parentID = parentID
        self.authorID = authorID
        self.text = text
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.isDeleted = isDeleted
        self.eventID = eventID
    }
}
