import Foundation
import RoamCore

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
    /// Set while a moderator has it down: its subject's comment count forgets it, and everyone but its
    /// author reads it as a tombstone.
    public var takedown: Takedown?

    public init(
        id: UUID, subject: Subject, parentID: UUID? = nil, authorID: UUID?, text: String, createdAt: Date,
        editedAt: Date? = nil, isDeleted: Bool = false, eventID: UUID? = nil, takedown: Takedown? = nil
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
        self.takedown = takedown
    }

    public func isShown(to reader: UUID) -> Bool { takedown == nil || authorID == reader }

    /// What a reader who may not see a taken-down comment gets in its thread: its place, nothing of it.
    public var tombstone: Comment {
        Comment(id: id, subject: subject, parentID: parentID, authorID: nil, text: "", createdAt: createdAt, isDeleted: true, eventID: eventID)
    }
}
