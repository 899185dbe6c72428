import Foundation

/// The fields of an activity an update changes; nil leaves one as it is.
public struct ActivityChanges: Sendable {
    public var name: String?
    public var description: String?
    public var place: NamedPlace?
    /// `.some(nil)` makes it something one can do at any time.
    public var window: TimeWindow??
    public var mediaIDs: [UUID]?
    public var tags: [String]?

    public init(name: String?, description: String?, place: NamedPlace?, window: TimeWindow??, mediaIDs: [UUID]?, tags: [String]?) {
        self.name = name
        self.description = description
        self.place = place
        self.window = window
        self.mediaIDs = mediaIDs
        self.tags = tags
    }

    func applied(to details: ActivityDetails) -> ActivityDetails {
        ActivityDetails(
            name: name ?? details.name, description: description ?? details.description, place: place ?? details.place,
            window: window ?? details.window, mediaIDs: mediaIDs ?? details.mediaIDs, tags: tags ?? details.tags)
    }
}
