import Foundation
import RoamCore

/// What an author asks to post, before validation.
public struct PostDraft: Sendable {
    public static let maxTextLength = 5000
    public static let maxMedia = 10
    public static let placeNameLength = 1...120
    public static let maxTitleLength = 120

    public var audience: Audience
    public var text: String
    public var mediaIDs: [UUID]
    /// Stories only; "" for none.
    public var title: String

    public init(audience: Audience, text: String, mediaIDs: [UUID], title: String) {
        self.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        self.audience = audience
        self.text = text
        self.mediaIDs = mediaIDs
    }

    public func validate() throws(RoamError) {
        var validation = Validation()
        Self.validateContent(text: text, mediaIDs: mediaIDs, into: &validation)
        if case .place(let place) = audience {
            Self.validate(place, field: "audience.place", into: &validation)
        }
        Self.validateTitle(title, isStory: audience.place != nil, into: &validation)
        try validation.check()
    }

    static func validate(_ place: Place, field: String, into validation: inout Validation) {
        validation.require((-90...90).contains(place.latitude), "\(field).position.latitude", "must be between -90 and 90")
        validation.require((-180...180).contains(place.longitude), "\(field).position.longitude", "must be between -180 and 180")
        validation.requireStorable(place.name, "\(field).name")
        let name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.require(
            Self.placeNameLength.contains(name.count), "\(field).name",
            "must be \(Self.placeNameLength.lowerBound) to \(Self.placeNameLength.upperBound) characters")
    }

    /// Up to 120 characters on one line, and only on a story.
    static func validateTitle(_ title: String, isStory: Bool, into validation: inout Validation) {
        guard !title.isEmpty else { return }
        validation.require(isStory, "title", "only a story (a post at a place) has a title")
        validation.requireStorable(title, "title")
        validation.require(
            title.count <= maxTitleLength && !title.contains(where: \.isNewline), "title",
            "must be at most \(maxTitleLength) characters on one line")
    }

    /// Text up to 5,000 characters and up to 10 distinct media ids; at least one of the two.
    static func validateContent(text: String, mediaIDs: [UUID], into validation: inout Validation) {
        validation.require(text.count <= maxTextLength, "text", "must be at most \(maxTextLength) characters")
        validation.requireStorable(text, "text")
        validation.requireNoOverrides(text, "text")
        validation.require(mediaIDs.count <= maxMedia, "media_ids", "at most \(maxMedia) media")
        validation.require(Set(mediaIDs).count == mediaIDs.count, "media_ids", "must not repeat")
        validation.require(
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !mediaIDs.isEmpty, "text",
            "a post needs text or media")
    }
}
