import Foundation
import RoamCore

/// The fields of an item an update changes; nil leaves one as it is, `.some(nil)` removes it.
public struct ItemChanges: Sendable {
    public var title: String?
    public var description: String?
    public var place: NamedPlace??
    public var targetDate: LocalDate??
    public var mediaIDs: [UUID]?

    public init(title: String?, description: String?, place: NamedPlace??, targetDate: LocalDate??, mediaIDs: [UUID]?) {
        self.title = title
        self.description = description
        self.place = place
        self.targetDate = targetDate
        self.mediaIDs = mediaIDs
    }

    func applied(to details: ItemDetails) -> ItemDetails {
        ItemDetails(
            title: title ?? details.title, description: description ?? details.description, place: place ?? details.place,
            targetDate: targetDate ?? details.targetDate, mediaIDs: mediaIDs ?? details.mediaIDs)
    }
}
