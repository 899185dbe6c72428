import Foundation
import RoamCore

/// A place of a trip a journal entry can be tagged with: one of its pins or a place saved to it.
public struct TripPlace: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case pin
        case place
    }

    public var kind: Kind
    public var id: UUID
    /// The pin's title, or the place's name.
    public var title: String
    public var point: GeoPoint
    /// The cover its owner chose for a pin.
    public var coverMediaID: UUID?

    public init(kind: Kind, id: UUID, title: String, point: GeoPoint, coverMediaID: UUID? = nil) {
        self.kind = kind
        self.id = id
        self.title = title
        self.point = point
        self.coverMediaID = coverMediaID
    }

    public init(_ pin: Pin) {
        self.init(kind: .pin, id: pin.id, title: pin.details.title, point: pin.details.point, coverMediaID: pin.details.coverMediaID)
    }

    /// The tag that names it.
    public var tag: LocationTag {
        kind == .pin ? .pin(id) : .place(id)
    }
}
