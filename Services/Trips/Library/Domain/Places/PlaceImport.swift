import Foundation
import RoamCore

/// A place as an import file gives it, before it is checked.
public struct PlaceImport: Sendable, Hashable {
    public var sourceID: String
    public var name: String
    public var category: String
    public var point: GeoPoint
    public var rating: Double?
    public var ratingCount: Int?
    public var priceLevel: Int?
    public var address: String?
    public var phone: String?
    public var website: String?
    public var openingHours: String?
    public var photoURL: String?

    public init(
        sourceID: String, name: String, category: String, point: GeoPoint, rating: Double? = nil, ratingCount: Int? = nil,
        priceLevel: Int? = nil, address: String? = nil, phone: String? = nil, website: String? = nil, openingHours: String? = nil,
        photoURL: String? = nil
    ) {
        self.sourceID = sourceID
        self.name = name
        self.category = category
        self.point = point
        self.rating = rating
        self.ratingCount = ratingCount
        self.priceLevel = priceLevel
        self.address = address
        self.phone = phone
        self.website = website
        self.openingHours = openingHours
        self.photoURL = photoURL
    }

    /// The checked place, or nil with each broken rule named under `field` (`places[3].name`).
    func validated(field: String, into validation: inout Validation) -> (details: PlaceDetails, rating: Double, ratingCount: Int)? {
        var local = Validation()
        let sourceID = self.sourceID.trimmingCharacters(in: .whitespaces)
        local.require(!sourceID.isEmpty && sourceID.count <= 200, "\(field).source_id", "must be 1 to 200 characters")
        let name = self.name.trimmingCharacters(in: .whitespacesAndNewlines)
        local.requireLine(name, "\(field).name", maxLength: 200)
        let category = PlaceCategory(rawValue: self.category.lowercased())
        local.require(category != nil, "\(field).category", "must be one of \(PlaceCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        point.validate("\(field).point", into: &local)
        local.require(rating.map { $0.isFinite && (0...5).contains($0) } ?? true, "\(field).rating", "must be from 0 to 5")
        local.require((ratingCount ?? 0) >= 0, "\(field).rating_count", "must be 0 or more")
        local.require(priceLevel.map { (0...4).contains($0) } ?? true, "\(field).price_level", "must be from 0 to 4")
        for (name, value) in [("address", address), ("phone", phone), ("opening_hours", openingHours)] {
            local.require((value?.count ?? 0) <= 500, "\(field).\(name)", "must be at most 500 characters")
        }
        for (name, value) in [("website", website), ("photo_url", photoURL)] {
            guard let value else { continue }
            let url = URL(string: value)
            local.require(
                value.count <= 2_000 && (url?.scheme == "https" || url?.scheme == "http") && url?.host != nil, "\(field).\(name)",
                "must be an http(s) URL")
        }
        for value in [sourceID, name, address ?? "", phone ?? "", website ?? "", openingHours ?? "", photoURL ?? ""] {
            local.requireStorable(value, "\(field)")
        }
        for violation in local.violations { validation.fail(violation.field, violation.description) }
        guard local.violations.isEmpty, let category else { return nil }
        let ratingCount = rating == nil ? 0 : max(ratingCount ?? 1, 1)
        return (
            PlaceDetails(
                sourceID: sourceID, name: name, category: category, point: point, priceLevel: priceLevel,
                address: address.flatMap(Self.nonBlank), phone: phone.flatMap(Self.nonBlank), website: website,
                openingHours: openingHours.flatMap(Self.nonBlank), photoURL: photoURL),
            rating ?? 0, ratingCount
        )
    }

    static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
