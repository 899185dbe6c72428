import Foundation
import Hummingbird
import RoamProto
import RoamRuntime

// The JSON of stories, saves, followed places and the timeline.

struct StoryBody: Decodable {
    var text: String?
    var mediaIds: [String]?
    var place: PlaceJSON?
}

struct FollowPlaceBody: Decodable {
    var latitude: Double?
    var longitude: Double?
    var name: String
    var radiusMeters: Double?
}

struct FollowedPlaceJSON: Codable {
    var placeId: String
    var latitude: Double
    var longitude: Double
    var name: String
    var radiusMeters: Double
    var createdAt: Date

    init(_ place: Roam_Feed_V1_FollowedPlace) {
        placeId = place.placeID
        latitude = place.position.latitude
        longitude = place.position.longitude
        name = place.name
        radiusMeters = place.radiusMeters
        createdAt = place.createdAt.date
    }
}

struct FollowedPlacePageJSON: Codable {
    var places: [FollowedPlaceJSON]
    var nextPageToken: String?
}

/// The query of the story listings: `lat`, `lng`, `radius` (a circle) or `south`, `west`, `north`,
/// `east` (a map's box); `q`, `tag`, `author`, `place`; `sort`; and the page.
struct StoryListingQuery {
    static let sorts: [String: Roam_Feed_V1_StoryOrder] = [
        "recent": .recent, "top_week": .topWeek, "top_month": .topMonth, "top_all_time": .topAllTime, "trending": .trending,
    ]

    var request: Roam_Feed_V1_ListStoriesRequest

    /// `point`: whether `lat`/`lng` are required, allowed or not read at all.
    init(_ http: Request, point: Requirement, box: Bool = false, defaultSort: Roam_Feed_V1_StoryOrder) throws(RoamError) {
        var query = QueryReader(http)
        var request = Roam_Feed_V1_ListStoriesRequest()
        if box {
            let edges = ["south", "west", "north", "east"].map { query.number($0, required: true) }
            request.box = .with {
                $0.south = edges[0] ?? 0
                $0.west = edges[1] ?? 0
                $0.north = edges[2] ?? 0
                $0.east = edges[3] ?? 0
            }
        } else if point != .ignored {
            let latitude = query.number("lat", required: point == .required)
            let longitude = query.number("lng", required: point == .required || latitude != nil)
            let radius = query.number("radius", required: false)
            if latitude != nil || longitude != nil {
                request.near = .with {
                    $0.center = .with { $0.latitude = latitude ?? 0; $0.longitude = longitude ?? 0 }
                    $0.radiusMeters = radius ?? 1_000
                }
            } else if radius != nil {
                query.fail("lat", "is required with radius")
            }
        }
        request.text = query.string("q") ?? ""
        request.tag = query.string("tag") ?? ""
        request.authorID = query.string("author") ?? ""
        request.placeName = query.string("place") ?? ""
        if let sort = query.string("sort") {
            if let order = Self.sorts[sort] {
                request.order = order
            } else {
                query.fail("sort", "must be one of \(Self.sorts.keys.sorted().joined(separator: ", "))")
            }
        } else {
            request.order = defaultSort
        }
        do {
            request.page = try PageQuery(http).proto
        } catch {
            query.fail(error.violations.first?.field ?? "pageSize", error.violations.first?.description ?? error.message)
        }
        try query.check()
        self.request = request
    }

    enum Requirement { case required, optional, ignored }

    /// The service's names of the query's fields.
    static let fieldNames = ["near.center.latitude": "lat", "near.center.longitude": "lng", "near.radius_meters": "radius",
                             "box.south": "south", "box.west": "west", "box.north": "north", "box.east": "east",
                             "text": "q", "author_id": "author", "place_name": "place"]
}
