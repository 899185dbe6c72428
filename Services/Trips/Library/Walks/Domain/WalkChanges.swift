import Foundation

/// The owner's changes to a walk: only the fields present.
public struct WalkChanges: Sendable {
    public var title: String?
    public var description: String?
    public var tags: [String]?
    public var mediaIDs: [UUID]?

    public init(title: String?, description: String?, tags: [String]?, mediaIDs: [UUID]?) {
        self.title = title
        self.description = description
        self.tags = tags
        self.mediaIDs = mediaIDs
    }
}
