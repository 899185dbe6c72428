import RoamAPI
import RoamProto
import RoamRuntime

/// What `GET /v1/walks` asks trips for: a point the path passes near (`lat`, `lng`, `radius`), words, a
/// tag, the order and the page.
struct WalkSearch: ServiceFieldNames {
    private(set) var request = Roam_Trips_V1_SearchWalksRequest()

    /// A radius when `lat` and `lng` come without one.
    static let defaultRadiusMeters = 5_000.0

    /// The service's names of the request's fields, as the client sent them.
    static let serviceFieldNames = ["near.latitude": "lat", "near.longitude": "lng", "within_meters": "radius", "text": "q", "order": "sort"]

    init(_ query: Operations.SearchWalks.Input.Query) throws(RoamError) {
        if let near = try NearQuery.point(lat: query.lat, lng: query.lng, radius: query.radius, defaultRadius: Self.defaultRadiusMeters) {
            request.near = near.point
            request.withinMeters = near.meters
        }
        request.text = query.q ?? ""
        request.tag = query.tag ?? ""
        request.order =
            switch query.sort {
            case nil: .unspecified
            case .distance?: .distance
            case .rating?: .rating
            case .recent?: .recent
            }
        request.page = PageQuery(size: query.pageSize, token: query.pageToken).proto
    }
}
