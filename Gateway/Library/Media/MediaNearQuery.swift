import RoamRuntime

/// `latitude`, `longitude` and `withinMeters` of a library query: all three or none.
struct MediaNearQuery {
    let latitude: Double
    let longitude: Double
    let withinMeters: Double

    init?(latitude: Double?, longitude: Double?, withinMeters: Double?) throws {
        switch (latitude, longitude, withinMeters) {
        case (nil, nil, nil): return nil
        case (let latitude?, let longitude?, let withinMeters?):
            self.latitude = latitude
            self.longitude = longitude
            self.withinMeters = withinMeters
        default:
            let missing = [("latitude", latitude), ("longitude", longitude), ("withinMeters", withinMeters)].first { $0.1 == nil }!.0
            throw RoamError.invalidField(missing, "is required with latitude, longitude and withinMeters")
        }
    }
}
