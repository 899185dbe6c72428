import Foundation

/// A line of an event's live chat. `sequence` numbers an event's messages 1, 2, 3… in the order
/// the feed accepted them, with no gaps: readers resume from the last one they have.
public struct ChatMessage: Sendable, Equatable {
    public static let maxTextLength = 2000

    public var id: UUID
    public var eventID: UUID
    public var sequence: Int64
    public var authorID: UUID
    public var text: String
    public var sentAt: Date

    public init(id: UUID, eventID: UUID, sequence: Int64 = 0, authorID: UUID, text: String, sentAt: Date) {
        self.id = id
        self.eventID = eventID
        self.sequence = sequence
        self.authorID = authorID
        self.text = text
        self.sentAt = sentAt
    }
}
