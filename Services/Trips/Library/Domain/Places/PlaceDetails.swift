import Foundation
import RoamCore

/// What the catalog says of a place.
public struct PlaceDetails: Sendable, Hashable {
    /// The source's own id (`node/123` for OpenStreetMap): importing the same place again updates it.
    public var sourceID: String
    public var name: String
    public var category: PlaceCategory
    public var point: GeoPoint
    /// 0 (cheap) to 4 (expensive), when known.
    public var priceLevel: Int?
    public var address: String?
    public var phone: String?
    public var website: String?
    /// In OpenStreetMap's `opening_hours` form (`Mo-Fr 09:00-18:00; Sa 10:00-14:00`).
    public var openingHours: String?
    public var photoURL: String?

    public init(
        sourceID: String, name: String, category: PlaceCategory, point: GeoPoint, priceLevel: Int? = nil, address: String? = nil,
        phone: String? = nil, website: String? = nil, openingHours: String? = nil, photoURL: String? = nil
    ) {
        self.sourceID = sourceID
        self.name = name
        self.category = category
        self.point = point
        self.priceLevel = priceLevel
        self.address = address
        self.phone = phone
        self.website = website
        self.openingHours = openingHours
        self.photoURL = photoURL
    }
}
