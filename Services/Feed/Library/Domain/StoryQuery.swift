import Foundation
import RoamCore

/// What a reader is looking for among stories; every filter given must match.
public struct StoryQuery: Sendable, Equatable {
    public static let maxTextLength = 200

    public var area: StoryArea?
    /// Words that must all appear in the text (PostgreSQL full-text search; quotes, `or` and `-word` work).
    public var text: String?
    /// A hashtag, with or without '#'.
    public var tag: String?
    public var author: UUID?
    /// Part of the place's name, any case.
    public var placeName: String?
    public var order: StoryOrder

    public init(
        area: StoryArea? = nil, text: String? = nil, tag: String? = nil, author: UUID? = nil, placeName: String? = nil,
        order: StoryOrder = .recent
    ) {
        self.area = area
        self.text = text
        self.tag = tag
        self.author = author
        self.placeName = placeName
        self.order = order
    }

    /// True when the query narrows stories down by content (what a search needs).
    public var hasSearchTerms: Bool { text != nil || tag != nil || author != nil || placeName != nil }

    /// Trims the filters, drops empty ones and lowercases the tag; fails on values out of range.
    public func normalized() throws(RoamError) -> StoryQuery {
        var query = self
        query.text = Self.trimmed(text)
        query.placeName = Self.trimmed(placeName)
        query.tag = Self.trimmed(tag).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.map { $0.lowercased() }
        var validation = Validation()
        area?.validate(into: &validation)
        if let text = query.text {
            validation.require(text.count <= Self.maxTextLength, "text", "must be at most \(Self.maxTextLength) characters")
            validation.requireStorable(text, "text")
        }
        if let tag = query.tag {
            validation.require(
                !tag.isEmpty && tag.count <= Hashtags.maxLength && Hashtags.find(in: "#" + tag) == [tag], "tag",
                "must be one hashtag of letters, digits and _")
        }
        if let placeName = query.placeName {
            validation.require(placeName.count <= PostDraft.placeNameLength.upperBound, "place_name", "must be at most 120 characters")
            validation.requireStorable(placeName, "place_name")
        }
        try validation.check()
        return query
    }

    private static func trimmed(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}
