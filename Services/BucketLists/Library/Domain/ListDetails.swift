import Foundation
import RoamCore

/// What the owner says about a list, checked.
public struct ListDetails: Sendable, Hashable {
    public var title: String
    public var description: String
    /// Attached through media; a list without one works everywhere.
    public var coverMediaID: UUID?
    public var visibility: Visibility

    public static let maxTitleLength = 100
    public static let maxDescriptionLength = 2_000

    public init(title: String, description: String = "", coverMediaID: UUID? = nil, visibility: Visibility = .public) {
        self.title = title
        self.description = description
        self.coverMediaID = coverMediaID
        self.visibility = visibility
    }

    /// The details trimmed, every broken rule named by its field.
    public func validated() throws(RoamError) -> ListDetails {
        var validation = Validation()
        var checked = self
        checked.title = TextRules.trimmed(title)
        checked.description = TextRules.trimmed(description)
        validation.requireLine(checked.title, "title", maxLength: Self.maxTitleLength)
        validation.requireBody(checked.description, "description", maxLength: Self.maxDescriptionLength)
        try validation.check()
        return checked
    }
}
