import Foundation

/// The fields of a list an update changes; nil leaves one as it is.
public struct ListChanges: Sendable {
    public var title: String?
    public var description: String?
    /// `.some(nil)` removes the cover.
    public var coverMediaID: UUID??
    public var visibility: Visibility?

    public init(title: String?, description: String?, coverMediaID: UUID??, visibility: Visibility?) {
        self.title = title
        self.description = description
        self.coverMediaID = coverMediaID
        self.visibility = visibility
    }

    func applied(to details: ListDetails) -> ListDetails {
        ListDetails(
            title: title ?? details.title, description: description ?? details.description,
            coverMediaID: coverMediaID ?? details.coverMediaID, visibility: visibility ?? details.visibility)
    }
}
