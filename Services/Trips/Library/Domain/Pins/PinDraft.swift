import Foundation
import RoamCore

/// A pin as the traveller sends it, before it is checked.
public struct PinDraft: Sendable {
    public var title: String
    public var description: String
    public var point: GeoPoint?
    /// Now when absent.
    public var visitedAt: Date?
    public var tags: [String]
    public var coverMediaID: UUID?
    /// One of the traveller's own places or the catalog's (`PinService` checks it is).
    public var placeID: UUID?

    public static let maxDescriptionLength = 2_000
    public static let maxTags = 20
    public static let maxTagLength = 40

    public init(
        title: String, description: String, point: GeoPoint?, visitedAt: Date?, tags: [String], coverMediaID: UUID?, placeID: UUID?
    ) {
        self.placeID = placeID
        self.title = title
        self.description = description
        self.point = point
        self.visitedAt = visitedAt
        self.tags = tags
        self.coverMediaID = coverMediaID
    }

    /// The checked details, every broken rule named by its field; the visit must fall on a day of `trip`
    /// in its time zone.
    public func validated(for trip: TripDetails, now: Date) throws(RoamError) -> PinDetails {
        var validation = Validation()
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(title, "title", maxLength: 200)
        let description = self.description.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.require(!description.isEmpty, "description", "must not be blank")
        validation.require(description.count <= Self.maxDescriptionLength, "description", "must be at most \(Self.maxDescriptionLength) characters")
        validation.require(
            !description.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
            "description", "must not contain control characters other than line breaks and tabs")
        validation.require(point != nil, "point", "is required")
        point?.validate("point", into: &validation)
        let visitedAt = self.visitedAt ?? now
        validation.require(
            trip.dates.contains(trip.zone.date(of: visitedAt)), "visited_at",
            "must be on a day of the trip (\(trip.dates.start) to \(trip.dates.end) in \(trip.zone.identifier))")
        let tags = Self.normalized(tags, into: &validation)
        try validation.check()
        return PinDetails(
            title: title, description: description, point: point!, visitedAt: visitedAt, tags: tags, source: .user,
            coverMediaID: coverMediaID, placeID: placeID)
    }

    /// The draft at `place`: its point when none was given, its name when the title is blank.
    func at(_ place: Place) -> PinDraft {
        var draft = self
        if draft.point == nil { draft.point = place.details.point }
        if draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { draft.title = place.details.name }
        return draft
    }

    /// Trimmed, lower case, each once; at most `maxTags` of 1 to `maxTagLength` characters.
    static func normalized(_ tags: [String], into validation: inout Validation) -> [String] {
        var seen: [String] = []
        for (index, tag) in tags.enumerated() {
            let tag = tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            validation.require(!tag.isEmpty && tag.count <= Self.maxTagLength, "tags[\(index)]", "must be 1 to \(Self.maxTagLength) characters")
            validation.require(
                !tag.unicodeScalars.contains { $0.properties.generalCategory == .control }, "tags[\(index)]",
                "must not contain control characters")
            if !tag.isEmpty, !seen.contains(tag) { seen.append(tag) }
        }
        validation.require(seen.count <= Self.maxTags, "tags", "must be at most \(Self.maxTags)")
        return seen
    }
}
