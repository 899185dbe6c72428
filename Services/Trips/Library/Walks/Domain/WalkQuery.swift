import Foundation
import RoamCore

/// A search among finished walks: public ones and the reader's own.
public struct WalkQuery: Sendable {
    public var reader: UUID
    /// Walks whose path passes within `meters` of `center`.
    public var near: (center: GeoPoint, meters: Double)?
    /// Every word must be among those of the title, description, tags and points of interest.
    public var text: String?
    public var tag: String?
    public var order: WalkOrder
    /// Owners the reader must not see (blocks, either way).
    public var hiddenOwners: Set<UUID> = []

    public init(
        reader: UUID, near: (center: GeoPoint, meters: Double)? = nil, text: String? = nil, tag: String? = nil,
        order: WalkOrder? = nil
    ) {
        self.reader = reader
        self.near = near
        self.text = text
        self.tag = tag
        self.order = order ?? (near == nil ? .recent : .distance)
    }

    /// The words of a text as both stores split them: letters and digits, lower case.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
