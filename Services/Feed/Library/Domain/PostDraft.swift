import Foundation
import RoamCore

/// What an author asks to post, before validation.
public struct PostDraft: Sendable {
    public static let maxTextLength = 5000
    public static let maxMedia = 10
    public static let placeNameLength = 1...120

    public var audience: Audience
    public var text: String
    public var mediaIDs: [UUID]

    public init(audience: Audience, text: String, mediaIDs: [UUID] = []) {
        self.audience = audience
        self.text = text
        self.mediaIDs = mediaIDs
    }

    public func validate() throws(RoamError) {
        var validation = Validation()
        Self.validateContent(text: text, mediaIDs: mediaIDs, into: &validation)
        if case .place(let place) = audience {
            validation.require((-90...90).contains(place.latitude), "audience.place.position.latitude", "must be between -90 and 90")
            validation.require((-180...180).contains(place.longitude), "audience.place.position.longitude", "must be between -180 and 180")
            validation.requireStorable(place.name, "audience.place.name")
            let name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
            validation.require(Self.placeNameLength.contains(name.count), "audience.place.name",
                               "must be \(Self.placeNameLength.lowerBound) to \(Self.placeNameLength.upperBound) characters")
        }
        try validation.check()
    }

    /// Text up to 5,000 characters and up to 10 distinct media ids; at least one of the two.
    static func validateContent(text: String, mediaIDs: [UUID], into validation: inout Validation) {
        validation.require(text.count <= maxTextLength, "text", "must be at most \(maxTextLength) characters")
        validation.requireStorable(text, "text")
        validation.require(mediaIDs.count <= maxMedia, "media_ids", "at most \(maxMedia) media")
        validation.require(Set(mediaIDs).count == mediaIDs.count, "media_ids", "must not repeat")
        validation.require(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !mediaIDs.isEmpty, "text",
                           "a post needs text or media")
    }
}
