import Foundation
import RoamCore

public struct Post: Sendable, Equatable {
    public var id: UUID
    public var authorID: UUID
    public var audience: Audience
    public var text: String
    /// A story's title ("" when it has none); searched with the text.
    public var title: String
    public var mediaIDs: [UUID]
    public var tags: [String]
    public var createdAt: Date
    public var editedAt: Date?
    /// Set while a moderator holds it down.
    public var takedown: Takedown?

    public init(
        id: UUID, authorID: UUID, audience: Audience, text: String, mediaIDs: [UUID], tags: [String], createdAt: Date,
        editedAt: Date? = nil, title: String = "", takedown: Takedown? = nil
    ) {
        self.takedown = takedown
        self.title = title
        self.id = id
        self.authorID = authorID
        self.audience = audience
        self.text = text
        self.mediaIDs = mediaIDs
        self.tags = tags
        self.createdAt = createdAt
        self.editedAt = editedAt
    }

    public var isStory: Bool { audience.place != nil }

    /// Whether `reader` may see it as far as moderation goes: a post taken down is its author's alone.
    public func isShown(to reader: UUID) -> Bool { takedown == nil || authorID == reader }
}
