import Foundation

/// What an edit of a post sets: text, media and tags always; a story's title and place when not nil.
public struct PostChanges: Sendable, Equatable {
    public var text: String
    public var mediaIDs: [UUID]
    public var tags: [String]
    public var title: String?
    public var place: Place?

    public init(text: String, mediaIDs: [UUID], tags: [String], title: String?, place: Place?) {
        self.text = text
        self.mediaIDs = mediaIDs
        self.tags = tags
        self.title = title
        self.place = place
    }
}
