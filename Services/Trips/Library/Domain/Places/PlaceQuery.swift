import Foundation
import RoamCore

/// Which places to find near a point, and in what order.
public struct PlaceQuery: Sendable, Hashable {
    public enum Order: String, Sendable, CaseIterable {
        case ratingDescending = "rating_desc"
        case ratingAscending = "rating_asc"
        case priceAscending = "price_asc"
        case priceDescending = "price_desc"
        case distance
    }

    public var near: GeoPoint
    public var withinMeters: Double
    public var category: PlaceCategory?
    /// Names that start with it, any case.
    public var namePrefix: String?
    public var order: Order
    public var limit: Int
    /// Whose own places are found beside the catalog's; the catalog's only when nil.
    public var reader: UUID?

    public static let defaultRadiusMeters = 5_000.0
    public static let maxRadiusMeters = 50_000.0
    public static let defaultLimit = 20

    public init(
        near: GeoPoint, withinMeters: Double = defaultRadiusMeters, category: PlaceCategory? = nil, namePrefix: String? = nil,
        order: Order = .ratingDescending, limit: Int = defaultLimit, reader: UUID? = nil
    ) {
        self.near = near
        self.withinMeters = withinMeters
        self.category = category
        self.namePrefix = namePrefix
        self.order = order
        self.limit = limit
        self.reader = reader
    }

    public func validated() throws(RoamError) -> PlaceQuery {
        var validation = Validation()
        near.validate("near", into: &validation)
        validation.require(
            withinMeters > 0 && withinMeters <= Self.maxRadiusMeters, "within_meters",
            "must be more than 0 and at most \(Int(Self.maxRadiusMeters).formatted())")
        validation.require((1...100).contains(limit), "limit", "must be from 1 to 100")
        var query = self
        query.namePrefix = namePrefix.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        validation.require((query.namePrefix?.count ?? 0) <= 100, "name_prefix", "must be at most 100 characters")
        try validation.check()
        return query
    }

    /// Whether `a` comes before `b` in this order (ties: nearer first, then id).
    public func precedes(_ a: (place: Place, meters: Double), _ b: (place: Place, meters: Double)) -> Bool {
        func key(_ item: (place: Place, meters: Double)) -> (Double, Double, String) {
            let rating = (item.place.rating * 1_000).rounded() / 1_000
            switch order {
            case .ratingDescending: return (-rating, item.meters, item.place.id.uuidString)
            case .ratingAscending: return (rating, item.meters, item.place.id.uuidString)
            case .priceAscending: return (Double(item.place.details.priceLevel ?? 5), -rating, item.place.id.uuidString)
            case .priceDescending: return (-Double(item.place.details.priceLevel ?? -1), -rating, item.place.id.uuidString)
            case .distance: return (item.meters, -rating, item.place.id.uuidString)
            }
        }
        return key(a) < key(b)
    }
}
