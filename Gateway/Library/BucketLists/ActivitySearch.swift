import RoamAPI
import RoamProto
import RoamRuntime

/// What `GET /v1/activities` asks bucket lists for: a circle (`lat`, `lng`, `radius`) or a map's box
/// (`south`, `west`, `north`, `east`), words, a tag, "happening now", the order and the page.
struct ActivitySearch: ServiceFieldNames {
    private(set) var request = Roam_Bucketlists_V1_SearchActivitiesRequest()

    /// Only this user's activities (their id, once the `author` username is looked up).
    var author: String {
        get { request.authorID }
        set { request.authorID = newValue }
    }

    /// A circle's radius when `lat` and `lng` come without one.
    static let defaultRadiusMeters = 5_000.0

    /// The service's names of the request's fields, as the client sent them.
    static let serviceFieldNames = [
        "near.latitude": "lat", "near.longitude": "lng", "within_meters": "radius",
        "box.south_west.latitude": "south", "box.south_west.longitude": "west",
        "box.north_east.latitude": "north", "box.north_east.longitude": "east",
        "text": "q", "order": "sort", "author_id": "author",
    ]

    init(_ query: Operations.SearchActivities.Input.Query) throws(RoamError) {
        var validation = Validation()
        if let near = try NearQuery.point(lat: query.lat, lng: query.lng, radius: query.radius, defaultRadius: Self.defaultRadiusMeters) {
            request.near = near.point
            request.withinMeters = near.meters
        }
        let edges = [("south", query.south), ("west", query.west), ("north", query.north), ("east", query.east)]
        if let south = query.south, let west = query.west, let north = query.north, let east = query.east {
            validation.require(!request.hasNear, "south", "give lat and lng or a box, not both")
            request.box = .with {
                $0.southWest = .with {
                    $0.latitude = south; $0.longitude = west
                }
                $0.northEast = .with {
                    $0.latitude = north; $0.longitude = east
                }
            }
        } else if edges.contains(where: { $0.1 != nil }) {
            for (name, value) in edges where value == nil { validation.fail(name, "is required with the box's other edges") }
        }
        try validation.check()
        request.text = query.q ?? ""
        request.tag = query.tag ?? ""
        request.happeningNow = query.happeningNow ?? false
        request.order =
            switch query.sort {
            case .score?, nil: .score
            case .distance?: .distance
            case .newest?: .newest
            }
        request.page = PageQuery(size: query.pageSize, token: query.pageToken).proto
    }
}
