import Foundation
import RoamCore

/// A search among activities: where, which words and tag, whether happening at a time, in which order.
public struct ActivityQuery: Sendable, Hashable {
    public var area: ActivityArea?
    /// Every word must be in the name, description or place name (whole words, any case).
    public var text: String?
    public var tag: String?
    /// Only those whose window contains this time.
    public var happeningAt: Date?
    public var order: ActivityOrder
    /// Authors whose activities the reader must not see (blocks either way).
    public var hiddenAuthors: Set<UUID>
    /// Only this author's ("my activities", or a local's).
    public var author: UUID?

    public init(
        area: ActivityArea? = nil, text: String? = nil, tag: String? = nil, happeningAt: Date? = nil, order: ActivityOrder = .score,
        hiddenAuthors: Set<UUID> = []
    ) {
        self.area = area
        self.text = text
        self.tag = tag
        self.happeningAt = happeningAt
        self.order = order
        self.hiddenAuthors = hiddenAuthors
    }

    /// The words a text search looks for: letters and digits, lowercased (PostgreSQL's `simple`
    /// configuration splits and folds the same way for these).
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether `activity` answers the query (the in-memory store's filter; PostgreSQL says the same in SQL).
    public func matches(_ activity: Activity) -> Bool {
        let details = activity.details
        if hiddenAuthors.contains(activity.authorID) { return false }
        if let author, activity.authorID != author { return false }
        if let area, !area.contains(details.place.point) { return false }
        if let tag, !details.tags.contains(tag) { return false }
        if let happeningAt, !(details.window?.contains(happeningAt) ?? false) { return false }
        if let text {
            let words = Set(Self.words("\(details.name) \(details.description) \(details.place.name)"))
            if !Self.words(text).allSatisfy(words.contains) { return false }
        }
        return true
    }
}
