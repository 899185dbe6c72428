import Foundation
import RoamCore

/// What the author says about an activity, checked.
public struct ActivityDetails: Sendable, Hashable {
    public var name: String
    public var description: String
    public var place: NamedPlace
    /// Nil for something one can do at any time.
    public var window: TimeWindow?
    public var mediaIDs: [UUID]
    /// Lowercased, without a leading `#`, each once.
    public var tags: [String]

    public static let maxNameLength = 200
    public static let maxDescriptionLength = 2_000
    public static let maxPhotos = 10
    public static let maxTags = 20
    public static let maxTagLength = 40

    public init(name: String, description: String = "", place: NamedPlace, window: TimeWindow? = nil, mediaIDs: [UUID] = [], tags: [String] = []) {
        self.name = name
        self.description = description
        self.place = place
        self.window = window
        self.mediaIDs = mediaIDs
        self.tags = tags
    }

    /// The details trimmed and the tags normalised, every broken rule named by its field.
    public func validated() throws(RoamError) -> ActivityDetails {
        var validation = Validation()
        var checked = self
        checked.name = TextRules.trimmed(name)
        checked.description = TextRules.trimmed(description)
        validation.requireLine(checked.name, "name", maxLength: Self.maxNameLength)
        validation.requireBody(checked.description, "description", maxLength: Self.maxDescriptionLength)
        checked.place = place.validated("place", into: &validation)
        if let window {
            validation.require(window.startsAt < window.endsAt, "window.ends_at", "must be after starts_at")
            validation.require(
                window.endsAt.timeIntervalSince(window.startsAt) <= TimeWindow.longest, "window.ends_at",
                "must be at most a year after starts_at")
        }
        TextRules.media(mediaIDs, "media_ids", limit: Self.maxPhotos, into: &validation)
        checked.tags = []
        for (index, tag) in tags.enumerated() {
            let normalised = Self.normalise(tag)
            validation.require(Self.isTag(normalised), "tags[\(index)]", "must be 1 to \(Self.maxTagLength) letters, digits, - or _")
            if !checked.tags.contains(normalised) { checked.tags.append(normalised) }
        }
        validation.require(checked.tags.count <= Self.maxTags, "tags", "at most \(Self.maxTags)")
        try validation.check()
        return checked
    }

    /// Whether a normalised tag is one: 1 to 40 letters, digits, `-` or `_`.
    public static func isTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= maxTagLength && tag.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// A tag as it is kept and searched: trimmed, lowercased, without a leading `#`.
    public static func normalise(_ tag: String) -> String {
        var text = TextRules.trimmed(tag).lowercased()
        if text.hasPrefix("#") { text.removeFirst() }
        return text
    }
}
