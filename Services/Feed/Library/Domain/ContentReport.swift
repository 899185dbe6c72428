import Foundation

/// A reader's report of a post or comment. Reports in an event reach its host; reports of stories
/// reach the moderation list.
public struct ContentReport: Sendable, Equatable {
    public static let maxTextLength = 1000

    public enum Reason: String, Sendable, CaseIterable {
        case spam, harassment, hate, violence, nudity, misinformation, other
    }

    public var id: UUID
    public var subject: Subject
    public var reporterID: UUID
    public var reason: Reason
    public var text: String
    public var createdAt: Date
    /// The event the reported content is in; nil for stories.
    public var eventID: UUID?
}
