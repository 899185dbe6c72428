import Foundation
import RoamCore

/// What the owner says about an item, checked.
public struct ItemDetails: Sendable, Hashable {
    public var title: String
    public var description: String
    public var place: NamedPlace?
    public var targetDate: LocalDate?
    /// Attached through media, in the owner's order.
    public var mediaIDs: [UUID]

    public static let maxTitleLength = 200
    public static let maxDescriptionLength = 2_000
    public static let maxPhotos = 20

    public init(title: String, description: String = "", place: NamedPlace? = nil, targetDate: LocalDate? = nil, mediaIDs: [UUID] = []) {
        self.title = title
        self.description = description
        self.place = place
        self.targetDate = targetDate
        self.mediaIDs = mediaIDs
    }

    /// The details trimmed, every broken rule named by its field.
    public func validated() throws(RoamError) -> ItemDetails {
        var validation = Validation()
        var checked = self
        checked.title = TextRules.trimmed(title)
        checked.description = TextRules.trimmed(description)
        validation.requireLine(checked.title, "title", maxLength: Self.maxTitleLength)
        validation.requireBody(checked.description, "description", maxLength: Self.maxDescriptionLength)
        checked.place = place?.validated("place", into: &validation)
        TextRules.media(mediaIDs, "media_ids", limit: Self.maxPhotos, into: &validation)
        try validation.check()
        return checked
    }
}
