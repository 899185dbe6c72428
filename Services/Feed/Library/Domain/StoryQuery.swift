import Foundation
import RoamCore

/// How story listings are ordered.
public enum StoryOrder: String, Sendable, CaseIterable {
    /// Newest first.
    case recent
    /// Highest score among the stories of the last 7 days.
    case topWeek = "top_week"
    /// Highest score among the stories of the last 30 days.
    case topMonth = "top_month"
    /// Highest score ever.
    case topAllTime = "top_all_time"
    /// Highest hot rank (score decayed by age), as the trending ranker last computed it.
    case trending

    /// Only stories at most this old take part.
    public var window: TimeInterval? {
        switch self {
        case .recent, .topAllTime: nil
        case .topWeek, .trending: 7 * 86_400
        case .topMonth: 30 * 86_400
        }
    }
}

/// Where to look for stories: within a distance of a point, or inside a map's visible box.
public enum StoryArea: Sendable, Equatable {
    case circle(center: GeoPoint, radiusMeters: Double)
    /// `west` may be greater than `east` when the box spans the antimeridian.
    case box(south: Double, west: Double, north: Double, east: Double)

    public static let radiusRange = 1.0...50_000.0

    public func contains(_ point: GeoPoint) -> Bool {
        switch self {
        case .circle(let center, let radius):
            return center.distance(to: point) <= radius
        case .box(let south, let west, let north, let east):
            guard (south...north).contains(point.latitude) else { return false }
            return west <= east ? (west...east).contains(point.longitude) : point.longitude >= west || point.longitude <= east
        }
    }

    func validate(into validation: inout Validation) {
        switch self {
        case .circle(let center, let radius):
            center.validate("near.center", into: &validation)
            validation.require(radius.isFinite && Self.radiusRange.contains(radius), "near.radius_meters",
                               "must be between 1 and 50,000 metres")
        case .box(let south, let west, let north, let east):
            for (value, field, range) in [(south, "south", -90.0...90), (north, "north", -90...90), (west, "west", -180...180),
                                          (east, "east", -180...180)] {
                validation.require(value.isFinite && range.contains(value), "box.\(field)",
                                   "must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
            }
            validation.require(south <= north, "box.south", "must not be north of box.north")
        }
    }
}

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

    public init(area: StoryArea? = nil, text: String? = nil, tag: String? = nil, author: UUID? = nil, placeName: String? = nil,
                order: StoryOrder = .recent) {
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
            validation.require(!tag.isEmpty && tag.count <= Hashtags.maxLength && Hashtags.find(in: "#" + tag) == [tag], "tag",
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
