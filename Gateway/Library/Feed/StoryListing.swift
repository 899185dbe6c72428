import RoamProto
import RoamRuntime

/// What the four story listings (nearby, map, trending, search) ask the feed for: a circle or a map's
/// box, the search terms, the order and the page.
struct StoryListing: ServiceFieldNames {
    private(set) var request = Roam_Feed_V1_ListStoriesRequest()

    /// The `sort` values, as the document lists them.
    private static let orders: [String: Roam_Feed_V1_StoryOrder] = [
        "recent": .recent, "top_week": .topWeek, "top_month": .topMonth, "top_year": .topYear, "top_all_time": .topAllTime, "trending": .trending,
    ]

    /// The service's names of the request's fields, as the client sent them.
    static let serviceFieldNames = [
        "near.center.latitude": "lat", "near.center.longitude": "lng", "near.radius_meters": "radius",
        "box.south": "south", "box.west": "west", "box.north": "north", "box.east": "east",
        "text": "q", "author_id": "author", "place_name": "place",
    ]

    init(
        sort: String?, defaultOrder: Roam_Feed_V1_StoryOrder, q: String?, tag: String?, author: String?, place: String?,
        pageSize: Int?, pageToken: String?
    ) {
        request.order = sort.flatMap { Self.orders[$0] } ?? defaultOrder
        request.text = q ?? ""
        request.tag = tag ?? ""
        request.authorID = author ?? ""
        request.placeName = place ?? ""
        request.page = PageQuery(size: pageSize, token: pageToken).proto
    }

    /// Stories within `radius` metres (1 km unless given) of `lat`, `lng`; nothing when neither is given.
    mutating func near(lat: Double?, lng: Double?, radius: Double?) throws(RoamError) {
        guard let near = try NearQuery.point(lat: lat, lng: lng, radius: radius, defaultRadius: 1_000) else { return }
        request.near = .with {
            $0.center = near.point
            $0.radiusMeters = near.meters
        }
    }

    /// Stories inside a map's box (`west` > `east` spans the antimeridian).
    mutating func inside(south: Double, west: Double, north: Double, east: Double) {
        request.box = .with {
            $0.south = south
            $0.west = west
            $0.north = north
            $0.east = east
        }
    }

    /// A search needs something to search for.
    func requireTerms() throws(RoamError) {
        let terms = [request.text, request.tag, request.authorID, request.placeName]
        guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw RoamError.invalidField("q", "give q, tag, author or place")
        }
    }
}
