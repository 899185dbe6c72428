import Foundation
import RoamCore

/// An edit of a pin: the fields the traveller sent; the others keep their values.
public struct PinChanges: Sendable {
    public var title: String?
    public var description: String?
    public var point: GeoPoint?
    public var visitedAt: Date?
    public var tags: [String]?
    /// `.some(nil)` clears the chosen cover (the nearest photo is the cover again).
    public var coverMediaID: UUID??
    /// `.some(nil)` clears the place (the pin keeps its point and title).
    public var placeID: UUID??

    public init(
        title: String?, description: String?, point: GeoPoint?, visitedAt: Date?, tags: [String]?, coverMediaID: UUID??, placeID: UUID??
    ) {
        self.placeID = placeID
        self.title = title
        self.description = description
        self.point = point
        self.visitedAt = visitedAt
        self.tags = tags
        self.coverMediaID = coverMediaID
    }

    /// The pin as it would be after the edit, to be checked as a new one is.
    public func applied(to details: PinDetails) -> PinDraft {
        PinDraft(
            title: title ?? details.title, description: description ?? details.description, point: point ?? details.point,
            visitedAt: visitedAt ?? details.visitedAt, tags: tags ?? details.tags, coverMediaID: coverMediaID ?? details.coverMediaID,
            placeID: placeID ?? details.placeID)
    }
}
