import RoamAPI

extension Operations.FindPlaces.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = [
        "near.latitude": "lat", "near.longitude": "lng", "open_now_in_time_zone": "openNowIn", "name_prefix": "prefix",
    ]
}

/// Trips names a point's position `points[i].position.latitude`; the JSON has `points[i].latitude`.
extension Components.Schemas.TrackBatch: ServiceFieldNames {
    static let serviceFieldNames = [
        "points[].position.latitude": "points[].latitude", "points[].position.longitude": "points[].longitude",
    ]
}
