import CSV
import Foundation
import RoamCore

/// Reads a places file for `roam places import`: GeoJSON (an OpenStreetMap export as Overpass turbo
/// or osmium write it works as is) or CSV with a header row. Records the catalog cannot use (no name,
/// no position, a kind of place it does not keep) are counted as skipped, not guessed at.
public enum PlaceFileReader {
    public struct Result: Sendable {
        public var places: [PlaceImport]
        public var skipped: Int
    }

    /// The CSV columns, by header name; `source_id`, `name`, `category`, `latitude` and `longitude` are required.
    public static let csvColumns = [
        "source_id", "name", "category", "latitude", "longitude", "rating", "rating_count", "price_level", "address",
        "phone", "website", "opening_hours", "photo_url",
    ]

    public static func read(_ data: Data, fileName: String) throws -> Result {
        fileName.lowercased().hasSuffix(".csv") ? try csv(data) : try geoJSON(data)
    }

    public static func geoJSON(_ data: Data) throws -> Result {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any], let features = root["features"] as? [[String: Any]] else {
            throw PlaceFileError("not a GeoJSON FeatureCollection")
        }
        var result = Result(places: [], skipped: 0)
        for feature in features {
            let properties = feature["properties"] as? [String: Any] ?? [:]
            func text(_ keys: String...) -> String? {
                for key in keys {
                    if let value = properties[key] as? String, !value.isEmpty { return value }
                    if let value = properties[key] as? NSNumber { return value.stringValue }
                }
                return nil
            }
            let sourceID = (feature["id"] as? String) ?? (feature["id"] as? NSNumber)?.stringValue ?? text("@id", "id")
            guard let sourceID, let name = text("name"), let point = center(of: feature["geometry"] as? [String: Any]),
                let category = text("category") ?? osmCategory(properties)
            else {
                result.skipped += 1
                continue
            }
            let street = [text("addr:street"), text("addr:housenumber")].compactMap { $0 }.joined(separator: " ")
            let address = text("address") ?? [street, text("addr:city")].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            result.places.append(
                PlaceImport(
                    sourceID: sourceID, name: name, category: category, point: point, rating: text("rating").flatMap(Double.init),
                    ratingCount: text("rating_count").flatMap { Int($0) }, priceLevel: text("price_level").flatMap { Int($0) },
                    address: address.isEmpty ? nil : address, phone: text("phone", "contact:phone"), website: text("website", "contact:website"),
                    openingHours: text("opening_hours"), photoURL: text("photo_url", "image")))
        }
        return result
    }

    public static func csv(_ data: Data) throws -> Result {
        let reader = try CSVReader(string: String(decoding: data, as: UTF8.self))
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else {
            throw PlaceFileError("the CSV file is empty")
        }
        for required in csvColumns.prefix(5) where !header.contains(required) {
            throw PlaceFileError("the CSV header has no \(required) column (columns: \(csvColumns.joined(separator: ",")))")
        }
        var result = Result(places: [], skipped: 0)
        for row in rows.dropFirst() where !(row.count == 1 && row[0].isEmpty) {
            func value(_ column: String) -> String? {
                guard let index = header.firstIndex(of: column), index < row.count else { return nil }
                let text = row[index].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
            guard let sourceID = value("source_id"), let name = value("name"), let category = value("category"),
                let latitude = value("latitude").flatMap(Double.init), let longitude = value("longitude").flatMap(Double.init)
            else {
                result.skipped += 1
                continue
            }
            result.places.append(
                PlaceImport(
                    sourceID: sourceID, name: name, category: category, point: GeoPoint(latitude: latitude, longitude: longitude),
                    rating: value("rating").flatMap(Double.init), ratingCount: value("rating_count").flatMap { Int($0) },
                    priceLevel: value("price_level").flatMap { Int($0) }, address: value("address"), phone: value("phone"), website: value("website"),
                    openingHours: value("opening_hours"), photoURL: value("photo_url")))
        }
        return result
    }

    /// A point's position, or the mean of a line's or polygon's outer ring (good enough to pin a building).
    static func center(of geometry: [String: Any]?) -> GeoPoint? {
        guard let geometry, let type = geometry["type"] as? String else { return nil }
        let positions: [[Double]]
        switch type {
        case "Point": positions = (geometry["coordinates"] as? [Double]).map { [$0] } ?? []
        case "LineString", "MultiPoint": positions = geometry["coordinates"] as? [[Double]] ?? []
        case "Polygon": positions = (geometry["coordinates"] as? [[[Double]]])?.first ?? []
        default: positions = []
        }
        let valid = positions.filter { $0.count >= 2 }
        guard !valid.isEmpty else { return nil }
        return GeoPoint(
            latitude: valid.map { $0[1] }.reduce(0, +) / Double(valid.count), longitude: valid.map { $0[0] }.reduce(0, +) / Double(valid.count))
    }

    /// The catalog's category from OpenStreetMap tags, or nil for things it does not keep.
    static func osmCategory(_ tags: [String: Any]) -> String? {
        func tag(_ key: String) -> String? { tags[key] as? String }
        switch tag("amenity") {
        case "restaurant", "fast_food", "food_court": return "restaurant"
        case "cafe", "ice_cream": return "cafe"
        case "bar", "pub", "biergarten": return "bar"
        case "nightclub": return "nightlife"
        default: break
        }
        switch tag("tourism") {
        case "museum", "gallery": return "museum"
        case "viewpoint": return "viewpoint"
        case "attraction", "artwork", "theme_park", "zoo": return "landmark"
        default: break
        }
        if tag("natural") == "beach" || tag("leisure") == "beach_resort" { return "beach" }
        if ["park", "garden", "nature_reserve"].contains(tag("leisure") ?? "") { return "park" }
        if tag("historic") != nil { return "landmark" }
        if tag("shop") != nil { return "shopping" }
        return nil
    }
}
