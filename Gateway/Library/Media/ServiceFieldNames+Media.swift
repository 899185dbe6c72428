import RoamAPI

extension Operations.ListMyMedia.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = ["near.latitude": "latitude", "near.longitude": "longitude", "within_meters": "withinMeters"]
}
